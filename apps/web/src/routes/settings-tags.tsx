import { SettingsTagsScreen } from '../features/settings-tags/settings-tags-screen';

export default function SettingsTagsRoute() {
  return <SettingsTagsScreen />;
}
