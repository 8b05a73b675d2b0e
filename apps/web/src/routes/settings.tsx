import { SettingsOverviewScreen } from '../features/settings/settings-overview-screen';

export default function SettingsRoute() {
  return <SettingsOverviewScreen />;
}
