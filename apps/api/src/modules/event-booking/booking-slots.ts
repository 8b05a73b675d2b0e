// The slot maths of self-booking, pure: the working hours of the offered working days in the
// company's time zone, cut into starts on a grid, minus every busy interval of any interviewer
// and minus what is too soon. Instants are epoch milliseconds.

export type Interval = { start: number; end: number };

/** A working day of the company and its hours, wall clock `HH:MM` in `timeZone`. */
export type WorkingDay = { date: string; from: string; to: string };

const MINUTE = 60_000;

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant the wall clock of `timeZone` shows `date` `time` (YYYY-MM-DD, HH:MM). */
export function wallClockInstant(date: string, time: string, timeZone: string) {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // Twice: the offset at the first guess may differ from the offset at the answer (a DST edge).
  const first = asUtc - zoneOffset(asUtc, timeZone);
  return asUtc - zoneOffset(first, timeZone);
}

/** The date and the time (YYYY-MM-DD, HH:MM) of an instant on the wall clock of `timeZone`. */
export function wallClockOf(instant: number, timeZone: string) {
  const shifted = new Date(instant + zoneOffset(instant, timeZone));
  const iso = shifted.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Starts every `duration` minutes for short meetings, every half hour for longer ones. */
export const slotStep = (durationMinutes: number) => Math.min(durationMinutes, 30);

/**
 * The free slots, sorted: each of `durationMinutes` within one day's hours, on the grid of
 * `slotStep` from the start of the day, starting no earlier than `notBefore`, overlapping no busy
 * interval (touching one is fine: a meeting may begin when another ends).
 */
export function freeSlots(input: {
  days: WorkingDay[];
  timeZone: string;
  durationMinutes: number;
  busy: Interval[];
  notBefore: number;
}): Interval[] {
  const length = input.durationMinutes * MINUTE;
  const step = slotStep(input.durationMinutes) * MINUTE;
  const busy = [...input.busy].filter((b) => b.end > b.start).sort((a, b) => a.start - b.start);
  const slots: Interval[] = [];
  for (const day of input.days) {
    const open = wallClockInstant(day.date, day.from, input.timeZone);
    const close = wallClockInstant(day.date, day.to, input.timeZone);
    for (let start = open; start + length <= close; start += step) {
      const end = start + length;
      if (start < input.notBefore) continue;
      if (busy.some((b) => b.start < end && start < b.end)) continue;
      slots.push({ start, end });
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}

/** Whether `slot` is exactly one of `slots` (the applicant may book only what is offered). */
export const isOffered = (slots: Interval[], slot: Interval) =>
  slots.some((s) => s.start === slot.start && s.end === slot.end);
