import { ResetScreen } from '../features/auth/reset-screen';

export default function ResetRoute() {
  return <ResetScreen />;
}
