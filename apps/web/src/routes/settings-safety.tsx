import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsSafetyRoute() {
  return <SettingsSectionScreen name="settings-safety" />;
}
