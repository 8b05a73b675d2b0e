import { ProfileScreen } from '../features/profile/profile-screen';
import { SafetyCards } from '../features/safety/safety-cards';

export default function UserRoute() {
  return <ProfileScreen ownSafety={<SafetyCards />} />;
}
