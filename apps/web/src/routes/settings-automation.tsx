import { SettingsAutomationScreen } from '../features/settings-services/settings-automation-screen';

export default function SettingsAutomationRoute() {
  return <SettingsAutomationScreen />;
}
