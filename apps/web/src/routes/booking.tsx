import { useParams } from 'react-router';
import { BookingPage } from '../features/event-booking/booking-page';

export default function BookingRoute() {
  const { token = '' } = useParams();
  return <BookingPage key={token} token={token} />;
}
