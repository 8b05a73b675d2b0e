import { cx } from '@ats/ui/class-names';
import { pluralCategory } from '../format/ru-format';

const WORDS: Record<string, string> = {
  one: 'непрочитанное сообщение',
  few: 'непрочитанных сообщения',
  many: 'непрочитанных сообщений',
  other: 'непрочитанного сообщения',
};

/** «3 непрочитанных сообщения»: what a counter says to a screen reader. */
export function unreadLabel(count: number): string {
  return `${count} ${WORDS[pluralCategory(count)] ?? WORDS.many}`;
}

/** A red counter of unread messages; read aloud in words. */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex min-w-5 shrink-0 justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}
