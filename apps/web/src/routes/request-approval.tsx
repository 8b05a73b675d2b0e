import { useParams } from 'react-router';
import { RequestApprovalScreen } from '../features/request-approval/request-approval-screen';

export default function RequestApprovalRoute() {
  const { token = '' } = useParams();
  return <RequestApprovalScreen key={token} token={token} />;
}
