import { SettingsDivisionsScreen } from '../features/settings-divisions/settings-divisions-screen';

export default function SettingsDivisionsRoute() {
  return <SettingsDivisionsScreen />;
}
