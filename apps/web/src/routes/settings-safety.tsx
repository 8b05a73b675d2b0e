import { SafetyScreen } from '../features/safety/safety-screen';

export default function SettingsSafetyRoute() {
  return <SafetyScreen />;
}
