import { ChatBubbleLeftRightIcon } from '@heroicons/react/24/outline';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Spinner } from '@ats/ui/spinner';
import { MessageItem } from './message-item';
import { timelineOf, useChatHistory, useRetryMessage } from './messaging.queries';

type Props = { applicantId: number; canSend: boolean };

/**
 * The conversation, oldest at the top and newest at the bottom: it opens scrolled to the end,
 * follows new messages while the reader is at the end, and loads older pages when the reader
 * scrolls to the top (or presses «Показать более ранние»).
 */
export function MessageTimeline({ applicantId, canSend }: Props) {
  const history = useChatHistory(applicantId);
  const retry = useRetryMessage(applicantId);
  const messages = timelineOf(history.data);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const heightBefore = useRef<number | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const lastId = messages.at(-1)?.id;

  // Keep the reader's place when older messages come in above; stay at the end for new ones.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (heightBefore.current !== null) {
      box.scrollTop += box.scrollHeight - heightBefore.current;
      heightBefore.current = null;
    } else if (atEnd.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages.length, lastId]);

  const loadOlder = () => {
    if (!hasNextPage || isFetchingNextPage) return;
    heightBefore.current = scroller.current?.scrollHeight ?? null;
    void fetchNextPage();
  };

  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  });

  if (history.isPending) {
    return (
      <div className="flex justify-center py-16 text-zinc-500">
        <Spinner label="Загружаем переписку" className="[&>svg]:size-6" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <EmptyState
        title="Не удалось загрузить переписку"
        description={history.error.message}
        action={<Button onClick={() => void history.refetch()}>Повторить</Button>}
      />
    );
  }
  if (messages.length === 0) {
    return (
      <EmptyState
        icon={<ChatBubbleLeftRightIcon />}
        title="Сообщений пока нет"
        description="Напишите кандидату в Telegram или по почте: вся переписка по всем каналам будет здесь."
      />
    );
  }

  return (
    <div
      ref={scroller}
      role="log"
      aria-label="Сообщения"
      tabIndex={0}
      onScroll={(event) => {
        const box = event.currentTarget;
        atEnd.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
      }}
      className="max-h-[60vh] min-h-48 overflow-y-auto rounded-xl bg-zinc-50 p-3 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <div ref={top} />
      {hasNextPage && (
        <div className="mb-3 flex justify-center">
          <Button size="sm" variant="ghost" loading={isFetchingNextPage} onClick={loadOlder}>
            Показать более ранние
          </Button>
        </div>
      )}
      {history.isFetchNextPageError && (
        <p role="alert" className="mb-3 text-center text-sm text-red-700">
          Не удалось загрузить более ранние сообщения
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            onRetry={canSend ? (failed) => retry.mutate(failed.id) : undefined}
            retrying={retry.isPending && retry.variables === message.id}
          />
        ))}
      </ol>
    </div>
  );
}
