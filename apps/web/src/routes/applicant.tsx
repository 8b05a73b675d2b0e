import { useParams } from 'react-router';
import { ApplicantCardScreen } from '../features/applicants/applicant-card-screen';
import { DelayActionButton } from '../features/delayed-tasks/delay-action-button';
import { EvaluationsSection } from '../features/evaluations/card-evaluations';
import { ScheduleMeetingButton, meetingSubjectOf } from '../features/events/meeting-dialog';
import { BookingLinkButton } from '../features/event-booking/booking-link-dialog';
import { CardConsent } from '../features/consent/card-consent';

export default function ApplicantRoute() {
  const { id } = useParams();
  // The key drops one applicant's edit state when the page switches to another.
  return (
    <ApplicantCardScreen
      key={id}
      id={Number(id)}
      renderEvaluations={(applicant) => <EvaluationsSection applicant={applicant} />}
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
