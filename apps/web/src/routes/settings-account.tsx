import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsAccountRoute() {
  return <SettingsSectionScreen name="settings-account" />;
}
