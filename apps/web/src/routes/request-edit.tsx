import { useParams } from 'react-router';
import { RequestFormScreen } from '../features/request-form/request-form-screen';

export default function RequestEditRoute() {
  const { id } = useParams();
  const requestId = Number(id);
  // A new id remounts the screen, so nothing typed for one request shows in another.
  return <RequestFormScreen key={requestId} id={requestId} />;
}
