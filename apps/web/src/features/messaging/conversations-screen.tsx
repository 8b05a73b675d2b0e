import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { UnreadBadge } from '../../shared/messaging/unread-badge';
import { formatMessageTime } from './message-labels';
import { useConversations } from './messaging.queries';
import { MSG_CHANNEL_KIND_NAMES, type TConversation } from '@ats/contracts/messaging';

const TITLE = 'Сообщения';

/** /messages: every applicant the team writes with, unread conversations first. */
export function ConversationsScreen() {
  useDocumentTitle(TITLE);
  const list = useConversations();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title={TITLE}
        description="Переписка с кандидатами в Telegram и по почте: сначала непрочитанные."
      />
      {list.isPending ? (
        <div className="flex justify-center py-16 text-zinc-500">
          <Spinner label="Загружаем переписки" className="[&>svg]:size-6" />
        </div>
      ) : list.isError ? (
        <EmptyState
          title="Не удалось загрузить переписки"
          description={list.error.message}
          action={<Button onClick={() => void list.refetch()}>Повторить</Button>}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ChatBubbleLeftRightIcon />}
          title="Переписок пока нет"
          description="Откройте карточку кандидата и напишите ему на вкладке «Переписка», или подключите канал в настройках сервисов."
          action={
            <Link to="/settings/services" className="text-sm font-medium text-indigo-700 underline">
              Настройки сервисов
            </Link>
          }
        />
      ) : (
        <>
          <ul
            aria-label="Переписки"
            className="flex flex-col divide-y divide-zinc-100 rounded-xl bg-white ring-1 ring-zinc-200"
          >
            {items.map((item) => (
              <ConversationRow key={item.applicant_id} item={item} />
            ))}
          </ul>
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Показать ещё
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function ConversationRow({ item }: { item: TConversation }) {
  const last = item.last_message;
  const preview = last.text || (last.attachments.length > 0 ? 'Вложение' : (last.subject ?? ''));
  return (
    <li>
      <Link
        to={`/applicant/${item.applicant_id}?tab=messages`}
        className="flex items-start gap-3 px-4 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
      >
        <div className="min-w-0 flex-1">
          <p className={cx('truncate text-sm text-zinc-900', item.unread > 0 && 'font-semibold')}>
            {item.applicant_name}
          </p>
          <p className="truncate text-sm text-zinc-600">
            {last.direction === 'out' ? `${last.author.name}: ` : ''}
            {preview}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 text-xs text-zinc-600">
          <span>
            {MSG_CHANNEL_KIND_NAMES[last.channel_kind]} ·{' '}
            <time dateTime={last.created_at}>{formatMessageTime(last.created_at)}</time>
          </span>
          {item.unread > 0 && <UnreadBadge count={item.unread} />}
        </div>
      </Link>
    </li>
  );
}
