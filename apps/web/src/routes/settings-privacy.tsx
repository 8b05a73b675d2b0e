import { SettingsPrivacyScreen } from '../features/consent/settings-privacy-screen';

export default function SettingsPrivacyRoute() {
  return <SettingsPrivacyScreen />;
}
