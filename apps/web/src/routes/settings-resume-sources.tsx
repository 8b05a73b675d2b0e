import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsResumeSourcesRoute() {
  return <SettingsSectionScreen name="settings-resume-sources" />;
}
