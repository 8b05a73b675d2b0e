import { ApplicantsScreen } from '../features/applicants/applicants-screen';

export default function ApplicantsListRoute() {
  return <ApplicantsScreen />;
}
