import { ClockIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonSize } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { pluralize } from '../../shared/format/plurals';
import { ScheduleTaskForm } from './schedule-task-form';

const APPLICANT_FORMS = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

type Props = { applicantIds: number[]; size?: ButtonSize };

/**
 * «Отложить действие» for the applicants given: the card, the list's bulk bar and the board's
 * card get it from their routes.
 */
export function DelayActionButton({ applicantIds, size = 'sm' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => setOpen(true)}>
        <ClockIcon className="size-4" aria-hidden="true" />
        Отложить действие
      </Button>
      {open && <DelayActionDialog applicantIds={applicantIds} onClose={() => setOpen(false)} />}
    </>
  );
}

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
