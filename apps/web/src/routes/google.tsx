import { GoogleScreen } from '../features/google/google-screen';

export default function GoogleRoute() {
  return <GoogleScreen />;
}
