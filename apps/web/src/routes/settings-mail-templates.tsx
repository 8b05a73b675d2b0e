import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsMailTemplatesRoute() {
  return <SettingsSectionScreen name="settings-mail-templates" />;
}
