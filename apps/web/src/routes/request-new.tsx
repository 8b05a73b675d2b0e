import { RequestFormScreen } from '../features/request-form/request-form-screen';

export default function RequestNewRoute() {
  return <RequestFormScreen id={null} />;
}
