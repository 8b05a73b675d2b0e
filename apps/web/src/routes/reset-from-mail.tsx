import { ResetFromMailScreen } from '../features/auth/reset-from-mail-screen';

export default function ResetFromMailRoute() {
  return <ResetFromMailScreen />;
}
