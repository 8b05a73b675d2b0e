import { RequestsScreen } from '../features/requests/requests-screen';

export default function RequestsRoute() {
  return <RequestsScreen />;
}
