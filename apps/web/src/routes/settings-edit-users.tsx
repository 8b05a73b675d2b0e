import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsEditUsersRoute() {
  return <SettingsSectionScreen name="settings-edit-users" />;
}
