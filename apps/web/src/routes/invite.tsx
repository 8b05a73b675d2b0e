import { useParams } from 'react-router';
import { AcceptInvitationScreen } from '../features/team/accept-invitation-screen';

export default function InviteRoute() {
  const { token = '' } = useParams();
  return <AcceptInvitationScreen key={token} token={token} />;
}
