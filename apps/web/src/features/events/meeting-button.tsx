import { lazy, Suspense, useState } from 'react';
import type { TApplicant } from '@ats/contracts/applicants';
import { Button } from '@ats/ui/button';
import { applicantName } from '../../shared/format/applicant-format';
import type { MeetingSubject } from './meeting-dialog';

// The dialog's form is loaded when the button is pressed, not with the card.
const MeetingDialog = lazy(async () => ({
  default: (await import('./meeting-dialog')).MeetingDialog,
}));

/** «Назначить встречу» as a button with its dialog (the applicant's card). */
export function ScheduleMeetingButton(props: MeetingSubject) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Назначить встречу
      </Button>
      {open && (
        <Suspense fallback={null}>
          <MeetingDialog {...props} calendarLink open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

/** The applicant of a card and their vacancies, as the dialog takes them. */
export function meetingSubjectOf(applicant: TApplicant): MeetingSubject {
  return {
    applicant: { id: applicant.id, name: applicantName(applicant) },
    vacancies: applicant.vacancies.map((vacancy) => ({
      id: vacancy.vacancy_id,
      position: vacancy.vacancy_name,
    })),
  };
}
