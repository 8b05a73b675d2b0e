import { useParams } from 'react-router';
import { ApplicantCardScreen } from '../features/applicants/applicant-card-screen';
import { CreateApplicantForm } from '../features/applicants/create-applicant-dialog';
import { BoardScreen } from '../features/board/board-screen';
import {
  DelayActionButton,
  DelayActionDialog,
} from '../features/delayed-tasks/delay-action-button';
import { EvaluationsSection } from '../features/evaluations/card-evaluations';
import {
  MeetingDialog,
  ScheduleMeetingButton,
  meetingSubjectOf,
} from '../features/events/meeting-dialog';
import { BookingLinkButton } from '../features/event-booking/booking-link-dialog';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return (
    <BoardScreen
      key={id}
      vacancyId={Number(id)}
      renderCreateApplicant={(props) => <CreateApplicantForm {...props} />}
      // The applicant's card in the board's side panel, the same card as /applicant/{id}.
      renderCard={(applicantId) => (
        <ApplicantCardScreen
          key={applicantId}
          id={applicantId}
          embedded
          renderEvaluations={(applicant) => <EvaluationsSection applicant={applicant} />}
          renderActions={(applicant) => (
            <>
              <ScheduleMeetingButton {...meetingSubjectOf(applicant)} />
              <DelayActionButton applicantIds={[applicant.id]} />
              <BookingLinkButton applicant={applicant} />
            </>
          )}
        />
      )}
      // «Назначить встречу» in a card's menu: this vacancy, the calendar's dialog.
      renderDelayAction={(applicantIds, onClose) => (
        <DelayActionDialog applicantIds={applicantIds} onClose={onClose} />
      )}
      renderScheduleMeeting={(target, onClose) => (
        <MeetingDialog
          open
          calendarLink
          onClose={onClose}
          applicant={target.applicant}
          vacancy={target.vacancy}
        />
      )}
    />
  );
}
