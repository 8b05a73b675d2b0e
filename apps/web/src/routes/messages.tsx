import { ConversationsScreen } from '../features/messaging/conversations-screen';

export default function MessagesRoute() {
  return <ConversationsScreen />;
}
