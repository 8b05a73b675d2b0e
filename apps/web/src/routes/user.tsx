import { ProfileScreen } from '../features/profile/profile-screen';

export default function UserRoute() {
  return <ProfileScreen />;
}
