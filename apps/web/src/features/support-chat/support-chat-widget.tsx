import { ChatBubbleLeftRightIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { SUPPORT_CHAT_MESSAGES, type TSupportMessage } from '@ats/contracts/support-chat';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Textarea } from '@ats/ui/textarea';
import { formatDateTime } from '../../shared/format/applicant-format';
import { useSendSupportMessage, useSupportChat } from './support-chat.queries';

function Message({ message }: { message: TSupportMessage }) {
  const mine = message.author === 'user';
  return (
    <li className={cx('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <div
        className={cx(
          'max-w-[85%] whitespace-pre-wrap rounded-2xl px-3 py-2 text-sm',
          mine ? 'bg-indigo-600 text-white' : 'bg-zinc-100 text-zinc-900',
        )}
      >
        {message.text}
      </div>
      <p className="mt-0.5 text-xs text-zinc-600">
        {mine ? (message.author_name ?? 'Вы') : 'Поддержка'}, {formatDateTime(message.created_at)}
        {message.state === 'failed' && (
          <span className="ml-1 text-red-700">· {SUPPORT_CHAT_MESSAGES.notDelivered}</span>
        )}
      </p>
    </li>
  );
}

function Panel({ onClose }: { onClose: () => void }) {
  const chat = useSupportChat(true);
  const send = useSendSupportMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const count = chat.data?.messages.length ?? 0;
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [count]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim()) {
      setError(SUPPORT_CHAT_MESSAGES.empty);
      return;
    }
    setError(null);
    const result = await send.mutateAsync(text);
    if (result.ok) setText('');
    else setError(result.message);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit();
    if (event.key === 'Escape') onClose();
  }

  const available = chat.data?.available ?? true;
  return (
    <section
      aria-label="Чат с поддержкой"
      className="flex h-[28rem] w-[min(22rem,calc(100vw-2rem))] flex-col rounded-2xl bg-white shadow-xl ring-1 ring-zinc-200"
    >
      <header className="flex items-center justify-between border-b border-zinc-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-zinc-900">Поддержка</h2>
        <button
          type="button"
          aria-label="Закрыть чат"
          onClick={onClose}
          className="rounded-md p-1 text-zinc-500 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <XMarkIcon className="size-5" aria-hidden="true" />
        </button>
      </header>
      <ol ref={list} className="flex flex-1 flex-col gap-3 overflow-y-auto p-4" aria-live="polite">
        {count === 0 && (
          <li className="text-sm text-zinc-600">
            Напишите вопрос — мы ответим здесь же, обычно в течение рабочего дня.
          </li>
        )}
        {chat.data?.messages.map((message) => (
          <Message key={message.id} message={message} />
        ))}
      </ol>
      <form className="border-t border-zinc-200 p-3" onSubmit={(e) => void submit(e)} noValidate>
        {!available && (
          <p role="note" className="mb-2 text-xs text-zinc-600">
            {SUPPORT_CHAT_MESSAGES.notConfigured}
          </p>
        )}
        <label htmlFor="support-chat-text" className="sr-only">
          Сообщение в поддержку
        </label>
        <Textarea
          id="support-chat-text"
          rows={2}
          value={text}
          invalid={Boolean(error)}
          aria-describedby={error ? 'support-chat-error' : undefined}
          disabled={!available}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ваш вопрос…"
        />
        {error && (
          <p id="support-chat-error" role="alert" className="mt-1 text-xs text-red-600">
            {error}
          </p>
        )}
        <div className="mt-2 flex items-center justify-between gap-2">
          <span className="text-xs text-zinc-500">Ctrl+Enter — отправить</span>
          <Button
            type="submit"
            size="sm"
            disabled={!available || send.isPending}
            loading={send.isPending}
          >
            Отправить
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The support chat: a button in the corner that opens the conversation with the support. */
export default function SupportChatWidget() {
  const [open, setOpen] = useState(false);
  return (
    <div
      className="fixed right-4 bottom-4 z-40 flex flex-col items-end gap-3"
      data-testid="support-chat"
    >
      {open && <Panel onClose={() => setOpen(false)} />}
      <button
        type="button"
        aria-label={open ? 'Свернуть чат с поддержкой' : 'Чат с поддержкой'}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        className="flex size-12 items-center justify-center rounded-full bg-indigo-600 text-white shadow-lg hover:bg-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <ChatBubbleLeftRightIcon className="size-6" aria-hidden="true" />
      </button>
    </div>
  );
}
