import { useNavigate } from 'react-router';
import { Dialog } from '@ats/ui/dialog';
import { pluralize } from '../../shared/format/plurals';
import { ScheduleTaskForm } from './schedule-task-form';

const APPLICANT_FORMS = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

/** The «Отложить действие» dialog itself, for a menu item that opens it (the board's card). */
export function DelayActionDialog({
  applicantIds,
  onClose,
}: {
  applicantIds: number[];
  onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onClose={onClose}
      title="Отложить действие"
      description={`Для: ${pluralize(applicantIds.length, APPLICANT_FORMS)}`}
    >
      <ScheduleTaskForm
        applicantIds={applicantIds}
        onCancel={onClose}
        onDone={(id) => {
          onClose();
          void navigate(`/delayed-tasks/${id}`);
        }}
      />
    </Dialog>
  );
}
