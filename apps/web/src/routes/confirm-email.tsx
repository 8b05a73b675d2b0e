import { ConfirmEmailScreen } from '../features/profile/confirm-email-screen';

export default function ConfirmEmailRoute() {
  return <ConfirmEmailScreen />;
}
