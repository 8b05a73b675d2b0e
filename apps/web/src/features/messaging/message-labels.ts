import type { TMsgState } from '@ats/contracts/messaging';

/** The colour of a delivery state under an outgoing message (AA contrast on white and indigo-50). */
export const MESSAGE_STATE_TONES: Record<TMsgState, string> = {
  received: 'text-zinc-600',
  queued: 'text-zinc-600',
  sent: 'text-zinc-600',
  delivered: 'text-emerald-700',
  read: 'text-emerald-700',
  failed: 'text-red-700',
};

/** The time of a message: «14:05» today, «12 марта, 14:05» this year, with the year before. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const zone = 'Europe/Moscow';
  const day = (d: Date) => d.toLocaleDateString('ru-RU', { timeZone: zone });
  const time = date.toLocaleTimeString('ru-RU', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
  });
  if (day(date) === day(now)) return time;
  const sameYear =
    date.toLocaleDateString('ru-RU', { timeZone: zone, year: 'numeric' }) ===
    now.toLocaleDateString('ru-RU', { timeZone: zone, year: 'numeric' });
  const dayText = date.toLocaleDateString('ru-RU', {
    timeZone: zone,
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
  return `${dayText}, ${time}`;
}
