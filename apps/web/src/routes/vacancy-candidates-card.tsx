import { lazy, Suspense } from 'react';
import { Spinner } from '@ats/ui/spinner';
import { ApplicantCardScreen } from '../features/applicants/applicant-card-screen';
import { DelayActionButton } from '../features/delayed-tasks/delay-action-button';
import { EvaluationsSection } from '../features/evaluations/card-evaluations';
import { ScheduleMeetingButton, meetingSubjectOf } from '../features/events/meeting-button';
import { BookingLinkButton } from '../features/event-booking/booking-link-dialog';
import { useUnreadCounters } from '../shared/messaging/unread.queries';
import { useCurrentUser } from '../shared/session/session.queries';

const ConversationPanel = lazy(async () => ({
  default: (await import('../features/messaging/conversation-panel')).ConversationPanel,
}));

/**
 * The applicant's card in the board's side panel, the same card as /applicant/{id}, with its
 * «Переписка» tab and unread count (a hiring manager does not write to applicants: no tab).
 * Its own module: the board loads it when a card is opened, not with the columns.
 */
export default function BoardCard({ applicantId }: { applicantId: number }) {
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
              render: (applicant) => (
                <Suspense fallback={<Spinner label="Загружаем переписку" />}>
                  <ConversationPanel applicantId={applicant.id} canSend />
                </Suspense>
              ),
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
