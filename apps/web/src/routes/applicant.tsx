import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@ats/ui/spinner';
import { ApplicantCardScreen } from '../features/applicants/applicant-card-screen';
import { DelayActionButton } from '../features/delayed-tasks/delay-action-button';
import { EvaluationsSection } from '../features/evaluations/card-evaluations';
import { ScheduleMeetingButton, meetingSubjectOf } from '../features/events/meeting-button';
import { BookingLinkButton } from '../features/event-booking/booking-link-dialog';
import { CardConsent } from '../features/consent/card-consent';
import { useCurrentUser } from '../shared/session/session.queries';
import { useUnreadCounters } from '../shared/messaging/unread.queries';

// «Переписка» is a tab the card opens on: its code is loaded when the tab is shown.
const ConversationPanel = lazy(async () => ({
  default: (await import('../features/messaging/conversation-panel')).ConversationPanel,
}));

export { primeApplicantCard as primeScreen } from '../shared/applicant/applicant-card.queries';

export default function ApplicantRoute() {
  const { id } = useParams();
  const me = useCurrentUser();
  const unread = useUnreadCounters(me.member_type === 'watcher' ? [] : [Number(id)]);
  // The key drops one applicant's edit state when the page switches to another.
  return (
    <ApplicantCardScreen
      key={id}
      id={Number(id)}
      renderEvaluations={(applicant) => <EvaluationsSection applicant={applicant} />}
      // A hiring manager does not write to applicants: no «Переписка» for them.
      conversation={
        me.member_type === 'watcher'
          ? undefined
          : {
              unread: unread.data?.applicants[String(id)],
              render: (applicant) => (
                <Suspense fallback={<Spinner label="Загружаем переписку" />}>
                  <ConversationPanel applicantId={applicant.id} canSend />
                </Suspense>
              ),
            }
      }
      renderActions={(applicant) => (
        <>
          <ScheduleMeetingButton {...meetingSubjectOf(applicant)} />
          <DelayActionButton applicantIds={[applicant.id]} />
          <BookingLinkButton applicant={applicant} />
          <CardConsent applicant={applicant} />
        </>
      )}
    />
  );
}
