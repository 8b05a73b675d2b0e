import { SettingsSectionScreen } from '../features/settings/settings-section-screen';

export default function SettingsCandidateEvaluationFormsRoute() {
  return <SettingsSectionScreen name="settings-candidate-evaluation-forms" />;
}
