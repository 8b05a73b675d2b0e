// Wall-clock time in a time zone ↔ instants, by Intl alone (no library): the account's zone reads
// `data_mitting`, `time_begin` and `time_end`; instants are stored.

export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

const known = new Map<string, string>();

/** The zone if Intl knows it, else Moscow (an account's zone is checked when saved). */
export function knownZone(timeZone: string | null | undefined): string {
  if (!timeZone) return DEFAULT_TIME_ZONE;
  let answer = known.get(timeZone);
  if (answer === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone }).format(0);
      answer = timeZone;
    } catch {
      answer = DEFAULT_TIME_ZONE;
    }
    if (known.size < 1000) known.set(timeZone, answer);
  }
  return answer;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

export function wallClockOf(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

// Offsets change only at transitions, which fall on quarter hours: one Intl call per zone and
// quarter hour, remembered (a month view maps thousands of instants).
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at `instant`, in minutes (Moscow: +180). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const bucket = Math.floor(instant.getTime() / QUARTER_HOUR);
  const key = `${timeZone} ${bucket}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = new Date(bucket * QUARTER_HOUR);
    const w = wallClockOf(at, timeZone);
    const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
    offset = Math.round((asUtc - at.getTime()) / 60_000);
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The instant of the wall-clock `date` (YYYY-MM-DD) `time` (HH:MM) in `timeZone`. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** `YYYY-MM-DD` and `HH:MM` of `instant` on the zone's wall clock. */
export function localDateTime(instant: Date, timeZone: string) {
  const local = new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
  const text = local.toISOString();
  return { date: text.slice(0, 10), time: text.slice(11, 16) };
}

/** `YYYY-MM-DD` → `DD.MM.YYYY`. */
export const russianDay = (iso: string) =>
  `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Today on the zone's wall clock, YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date = new Date()) =>
  localDateTime(now, timeZone).date;
