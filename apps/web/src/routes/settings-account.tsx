import { SettingsAccountScreen } from '../features/settings-account/settings-account-screen';

export default function SettingsAccountRoute() {
  return <SettingsAccountScreen />;
}
