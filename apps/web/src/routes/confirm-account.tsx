import { ConfirmEmailScreen } from '../features/auth/confirm-email-screen';

export default function ConfirmEmailRoute() {
  return <ConfirmEmailScreen />;
}
