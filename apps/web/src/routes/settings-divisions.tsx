import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsDivisionsRoute() {
  return <SettingsSectionScreen name="settings-divisions" />;
}
