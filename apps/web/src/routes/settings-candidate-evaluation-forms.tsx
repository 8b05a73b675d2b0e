import { EvaluationFormsScreen } from '../features/evaluations/evaluation-forms-screen';

export default function SettingsCandidateEvaluationFormsRoute() {
  return <EvaluationFormsScreen />;
}
