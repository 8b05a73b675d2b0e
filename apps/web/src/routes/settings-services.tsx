import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsServicesRoute() {
  return <SettingsSectionScreen name="settings-services" />;
}
