import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsCommonRoute() {
  return <SettingsSectionScreen name="settings-common" />;
}
