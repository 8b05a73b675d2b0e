import { SettingsReasonsScreen } from '../features/settings-reasons/settings-reasons-screen';

export default function SettingsRejectReasonsRoute() {
  return <SettingsReasonsScreen />;
}
