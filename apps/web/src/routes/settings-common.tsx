import { SettingsCommonScreen } from '../features/settings-common/settings-common-screen';

export default function SettingsCommonRoute() {
  return <SettingsCommonScreen />;
}
