import { ErrorScreen } from '../features/errors/error-screen';

export default function NotFoundRoute() {
  return <ErrorScreen status={404} />;
}
