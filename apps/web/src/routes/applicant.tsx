import { useParams } from 'react-router';
import { ApplicantCardScreen } from '../features/applicants/applicant-card-screen';
import { EvaluationsSection } from '../features/evaluations/card-evaluations';
import { BookingLinkButton } from '../features/event-booking/booking-link-dialog';

export default function ApplicantRoute() {
  const { id } = useParams();
  // The key drops one applicant's edit state when the page switches to another.
  return (
    <ApplicantCardScreen
      key={id}
      id={Number(id)}
      renderEvaluations={(applicant) => <EvaluationsSection applicant={applicant} />}
      renderActions={(applicant) => <BookingLinkButton applicant={applicant} />}
    />
  );
}
