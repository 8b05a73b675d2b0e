import { useParams } from 'react-router';
import { ConsentPage } from '../features/consent/consent-page';

export default function ConsentRoute() {
  const { token = '' } = useParams();
  return <ConsentPage key={token} token={token} />;
}
