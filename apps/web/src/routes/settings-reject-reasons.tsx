import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsRejectReasonsRoute() {
  return <SettingsSectionScreen name="settings-reject-reasons" />;
}
