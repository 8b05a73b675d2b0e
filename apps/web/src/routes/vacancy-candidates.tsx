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
import { ConversationPanel } from '../features/messaging/conversation-panel';
import { useUnreadCounters } from '../shared/messaging/unread.queries';
import { useCurrentUser } from '../shared/session/session.queries';

export default function VacancyCandidatesRoute() {
  const { id } = useParams();
  return (
    <BoardScreen
      key={id}
      vacancyId={Number(id)}
      renderCreateApplicant={(props) => <CreateApplicantForm {...props} />}
      // The applicant's card in the board's side panel, the same card as /applicant/{id}.
      renderCard={(applicantId) => <BoardCard key={applicantId} applicantId={applicantId} />}
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

/**
 * The applicant's card in the board's side panel, the same card as /applicant/{id}, with its
 * «Переписка» tab and unread count (a hiring manager does not write to applicants: no tab).
 */
function BoardCard({ applicantId }: { applicantId: number }) {
  const me = useCurrentUser();
  const writes = me.member_type !== 'watcher';
  const unread = useUnreadCounters(writes ? [applicantId] : []);
  return (
    <ApplicantCardScreen
      id={applicantId}
      embedded
      renderEvaluations={(applicant) => <EvaluationsSection applicant={applicant} />}
      conversation={
        writes
          ? {
              unread: unread.data?.applicants[String(applicantId)],
              render: (applicant) => <ConversationPanel applicantId={applicant.id} canSend />,
            }
          : undefined
      }
      renderActions={(applicant) => (
        <>
          <ScheduleMeetingButton {...meetingSubjectOf(applicant)} />
          <DelayActionButton applicantIds={[applicant.id]} />
          <BookingLinkButton applicant={applicant} />
        </>
      )}
    />
  );
}
