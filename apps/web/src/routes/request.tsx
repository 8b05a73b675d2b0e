import { useParams } from 'react-router';
import { RequestScreen } from '../features/requests/request-screen';

export default function RequestRoute() {
  const { id } = useParams();
  const requestId = Number(id);
  // A new id remounts the screen, so no dialog of the previous request stays open.
  return <RequestScreen key={requestId} id={requestId} />;
}
