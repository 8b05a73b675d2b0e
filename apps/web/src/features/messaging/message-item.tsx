import { ArrowPathIcon, PaperClipIcon } from '@heroicons/react/20/solid';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { formatFileSize } from '../../shared/format/upload-size';
import { formatMessageTime, MESSAGE_STATE_TONES } from './message-labels';
import {
  MSG_CHANNEL_KIND_NAMES,
  MSG_STATE_NAMES,
  type TMsgMessage,
} from '@ats/contracts/messaging';

type Props = {
  message: TMsgMessage;
  /** «Повторить» on a failed outgoing message; absent for a reader who may not send. */
  onRetry?: (message: TMsgMessage) => void;
  retrying?: boolean;
};

/** One message of the timeline: who, through which channel, when, what, and how it went. */
export function MessageItem({ message, onRetry, retrying }: Props) {
  const outgoing = message.direction === 'out';
  const channel = MSG_CHANNEL_KIND_NAMES[message.channel_kind];
  const time = formatMessageTime(message.created_at);
  return (
    <li className={cx('flex', outgoing ? 'justify-end' : 'justify-start')}>
      <article
        aria-label={`${message.author.name}, ${channel}, ${time}`}
        data-message-id={message.id}
        data-state={message.state}
        className={cx(
          'flex max-w-[85%] flex-col gap-1 rounded-xl px-3 py-2 text-sm shadow-sm ring-1',
          outgoing ? 'bg-indigo-50 ring-indigo-100' : 'bg-white ring-zinc-200',
        )}
      >
        <header className="flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600">
          <span className="font-semibold text-zinc-900">{message.author.name}</span>
          <span>
            {channel}
            {message.channel_name && message.channel_name !== channel
              ? ` · ${message.channel_name}`
              : ''}
          </span>
          <time dateTime={message.created_at}>{time}</time>
        </header>
        {message.subject && <p className="font-medium text-zinc-900">{message.subject}</p>}
        {message.text && (
          <p className="break-words whitespace-pre-wrap text-zinc-900">{message.text}</p>
        )}
        {message.attachments.length > 0 && (
          <ul className="flex flex-col gap-1" aria-label="Вложения">
            {message.attachments.map((file) => (
              <li key={file.file_id}>
                <a
                  href={file.url}
                  className="inline-flex items-center gap-1 text-indigo-700 underline hover:text-indigo-900"
                  download={file.file_name}
                >
                  <PaperClipIcon className="size-4 shrink-0" aria-hidden="true" />
                  {file.file_name}
                  <span className="text-zinc-600">({formatFileSize(file.size_bytes / 1024)})</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {outgoing && (
          <footer className="flex flex-wrap items-center justify-end gap-2 text-xs">
            <span className={MESSAGE_STATE_TONES[message.state]}>
              {MSG_STATE_NAMES[message.state]}
              {message.reason && (message.state === 'failed' || message.state === 'queued')
                ? `: ${message.reason}`
                : ''}
            </span>
            {message.can_retry && onRetry && (
              <Button
                size="sm"
                variant="secondary"
                loading={retrying}
                onClick={() => onRetry(message)}
              >
                <ArrowPathIcon className="size-4" aria-hidden="true" />
                Повторить
              </Button>
            )}
          </footer>
        )}
      </article>
    </li>
  );
}
