import { ApplicantsScreen } from '../features/applicants/applicants-screen';
import { DelayActionButton } from '../features/delayed-tasks/delay-action-button';

export { primeApplicantList as primeScreen } from '../features/applicants/applicants.queries';

export default function ApplicantsRoute() {
  return (
    <ApplicantsScreen
      renderBulkActions={(selectedIds) => <DelayActionButton applicantIds={selectedIds} />}
    />
  );
}
