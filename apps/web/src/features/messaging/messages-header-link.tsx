import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { NavLink } from 'react-router';
import { cx } from '@ats/ui/class-names';
import { unreadLabel } from '../../shared/messaging/unread-badge';
import { useUnreadCounters } from '../../shared/messaging/unread.queries';
import { useAccountMessageEvents } from './use-conversation-events';

/** The header's way to the conversations, with the user's unread count. */
export function MessagesHeaderLink() {
  const unread = useUnreadCounters();
  useAccountMessageEvents(true);
  const count = unread.data?.total ?? 0;
  const name = count > 0 ? `Сообщения: ${unreadLabel(count)}` : 'Сообщения';
  return (
    <NavLink
      to="/messages"
      aria-label={name}
      title={name}
      data-testid="header-messages"
      className={({ isActive }) =>
        cx(
          'relative rounded-full p-1.5 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-600',
          isActive && 'bg-zinc-100 text-zinc-900',
        )
      }
    >
      <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs leading-5 font-semibold text-white tabular-nums"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}
