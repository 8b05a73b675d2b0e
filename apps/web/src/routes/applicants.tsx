import { ApplicantsScreen } from '../features/applicants/applicants-screen';

export default function ApplicantsRoute() {
  return <ApplicantsScreen />;
}
