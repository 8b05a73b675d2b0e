import { SignupScreen } from '../features/auth/signup-screen';

export default function SignupRoute() {
  return <SignupScreen />;
}
