import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsAutomationRoute() {
  return <SettingsSectionScreen name="settings-automation" />;
}
