import { SettingsAutomationScreen } from '../features/settings-automation/settings-automation-screen';

export default function SettingsAutomationRoute() {
  return <SettingsAutomationScreen />;
}
