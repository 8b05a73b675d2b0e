import { TeamScreen } from '../features/team/team-screen';

export default function SettingsEditUsersRoute() {
  return <TeamScreen />;
}
