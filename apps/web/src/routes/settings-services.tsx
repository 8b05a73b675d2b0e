import { SettingsServicesScreen } from '../features/settings-services/settings-services-screen';

export default function SettingsServicesRoute() {
  return <SettingsServicesScreen />;
}
