import { SettingsSourcesScreen } from '../features/settings-sources/settings-sources-screen';

export default function SettingsResumeSourcesRoute() {
  return <SettingsSourcesScreen />;
}
