import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsTagsRoute() {
  return <SettingsSectionScreen name="settings-tags" />;
}
