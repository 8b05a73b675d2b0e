import { ApplicantsScreen } from '../features/applicants/applicants-screen';
import { DelayActionButton } from '../features/delayed-tasks/delay-action-button';

export default function ApplicantsRoute() {
  return (
    <ApplicantsScreen
      renderBulkActions={(selectedIds) => <DelayActionButton applicantIds={selectedIds} />}
    />
  );
}
