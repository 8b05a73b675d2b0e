import { lazy, Suspense, useEffect, useState } from 'react';
import { SUPPORT_CHAT_DELAY_MS } from '@ats/contracts/support-chat';
import { useCurrentUser } from '../../shared/session/session.queries';

// The widget's code is loaded only when it is shown, and dropped from the page when the user
// hides it (SPEC.md §9): whether to show it is decided 3 s after the app has loaded.
const SupportChatWidget = lazy(() => import('./support-chat-widget'));

export function SupportChatLauncher() {
  const me = useCurrentUser();
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), SUPPORT_CHAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!settled || me.admin_user_setting.is_hide_chat) return null;
  return (
    <Suspense fallback={null}>
      <SupportChatWidget />
    </Suspense>
  );
}
