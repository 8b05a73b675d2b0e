// The calendar's arithmetic, free of React and of the browser's time zone: days are ISO
// `YYYY-MM-DD` strings counted in UTC, times are minutes after midnight in the account's time zone
// (the API answers `time_begin`/`time_end` as `ЧЧ:ММ` there), so a day never shifts by an hour.

export const MINUTES_PER_DAY = 24 * 60;
/** A slot of the day and week views: selection, moves and resizes snap to it. */
export const SLOT_MINUTES = 15;

const DAY_MS = 24 * 60 * 60 * 1000;

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** `YYYY-MM-DD` of a UTC midnight. */
function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return isoOf(new Date(utc(iso).getTime() + days * DAY_MS));
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(iso: string): number {
  const day = utc(iso).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week the day is in (weeks begin on Monday in Russia). */
export function startOfWeek(iso: string): string {
  return addDays(iso, 1 - isoWeekday(iso));
}

/** Monday … Sunday of the day's week. */
export function weekDays(iso: string): string[] {
  const monday = startOfWeek(iso);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The month view: whole weeks, Monday first, from the week of the 1st to the week of the last
 * day (4 to 6 rows); days of the neighbouring months fill the edges.
 */
export function monthGrid(iso: string): string[][] {
  const first = `${iso.slice(0, 7)}-01`;
  const nextMonth = utc(first);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  const last = addDays(isoOf(nextMonth), -1);
  const weeks: string[][] = [];
  for (let monday = startOfWeek(first); monday <= last; monday = addDays(monday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
  }
  return weeks;
}

export function addMonths(iso: string, months: number): string {
  const date = utc(`${iso.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return isoOf(date);
}

/** `ЧЧ:ММ` (or `ЧЧ:ММ:СС`) → minutes after midnight; null when it is not a time. */
export function parseTime(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/** Minutes after midnight → `ЧЧ:ММ`. */
export function formatTime(minutes: number): string {
  const clamped = Math.max(0, Math.min(MINUTES_PER_DAY, Math.round(minutes)));
  const h = Math.floor(clamped / 60);
  const m = clamped % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** `DD.MM.YYYY` (the API's `data_mitting`) or ISO → ISO; null when neither. */
export function toIsoDate(value: string): string | null {
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value.trim());
  const iso = ru ? `${ru[3]}-${ru[2]}-${ru[1]}` : value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  return isoOf(utc(iso)) === iso ? iso : null;
}

/** ISO → `DD.MM.YYYY`, as the API's `data_mitting` is written. */
export function toRuDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** The grid's geometry: which hours it shows and how tall an hour is. */
export type TimeScale = { fromHour: number; toHour: number; hourHeight: number };

/** A vertical offset inside a day column → minutes, snapped to the slot below it. */
export function offsetToMinutes(offset: number, scale: TimeScale, step = SLOT_MINUTES): number {
  const raw = scale.fromHour * 60 + (offset / scale.hourHeight) * 60;
  const snapped = Math.floor(raw / step) * step;
  return Math.max(scale.fromHour * 60, Math.min(scale.toHour * 60, snapped));
}

/** Minutes → the vertical offset of that moment inside a day column. */
export function minutesToOffset(minutes: number, scale: TimeScale): number {
  return ((minutes - scale.fromHour * 60) / 60) * scale.hourHeight;
}

/** Rounds to the nearest slot (a dragged distance). */
export function snapMinutes(minutes: number, step = SLOT_MINUTES): number {
  return Math.round(minutes / step) * step;
}

/**
 * The range selected by dragging from one slot to another, either way: the earlier slot's start
 * to the later slot's end.
 */
export function selectionRange(
  anchor: number,
  current: number,
  step = SLOT_MINUTES,
): { start: number; end: number } {
  const start = Math.min(anchor, current);
  const end = Math.max(anchor, current) + step;
  return { start, end: Math.min(end, MINUTES_PER_DAY) };
}

/** Moves an event by a distance, keeping its length and the day's bounds. */
export function moveRange(
  range: { start: number; end: number },
  delta: number,
): { start: number; end: number } {
  const length = range.end - range.start;
  const start = Math.max(0, Math.min(MINUTES_PER_DAY - length, range.start + delta));
  return { start, end: start + length };
}

/** Changes an event's end, never shorter than a slot nor past midnight. */
export function resizeRange(
  range: { start: number; end: number },
  delta: number,
  step = SLOT_MINUTES,
): { start: number; end: number } {
  const end = Math.max(range.start + step, Math.min(MINUTES_PER_DAY, range.end + delta));
  return { start: range.start, end };
}

export type Timed = { id: number; start: number; end: number };
export type Lane = { lane: number; lanes: number };

/**
 * Side-by-side lanes for the events of one column: events that overlap (directly or through a
 * chain) form a cluster; each takes the first lane free at its start, and every event of a
 * cluster is as narrow as the cluster's lane count. Touching ends (10:00–11:00, 11:00–12:00) do
 * not overlap.
 */
export function overlapLanes(events: readonly Timed[]): Map<number, Lane> {
  const sorted = [...events].sort((a, b) => a.start - b.start || b.end - a.end || a.id - b.id);
  const result = new Map<number, Lane>();
  let cluster: number[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;
  const close = () => {
    for (const id of cluster) result.get(id)!.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };
  for (const event of sorted) {
    if (event.start >= clusterEnd) close();
    let lane = laneEnds.findIndex((end) => end <= event.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(event.end);
    } else {
      laneEnds[lane] = event.end;
    }
    result.set(event.id, { lane, lanes: 0 });
    cluster.push(event.id);
    clusterEnd = Math.max(clusterEnd, event.end);
  }
  close();
  return result;
}

export type Booked = { id: number; date: string; start: number; end: number; people: number[] };

/**
 * Events that clash: two events on the same day that overlap in time and share a person (a
 * participant). Answers the ids of every event in such a pair.
 */
export function conflictingIds(events: readonly Booked[]): Set<number> {
  const clashes = new Set<number>();
  const byDay = new Map<string, Booked[]>();
  for (const event of events) byDay.set(event.date, [...(byDay.get(event.date) ?? []), event]);
  for (const day of byDay.values()) {
    const sorted = [...day].sort((a, b) => a.start - b.start);
    for (let i = 0; i < sorted.length; i += 1) {
      const a = sorted[i]!;
      for (let j = i + 1; j < sorted.length && sorted[j]!.start < a.end; j += 1) {
        const b = sorted[j]!;
        if (a.people.some((person) => b.people.includes(person))) {
          clashes.add(a.id);
          clashes.add(b.id);
        }
      }
    }
  }
  return clashes;
}

/** What the production calendar says of the days (GET /api/account_calendar). */
export type WorkCalendar = {
  work_days: readonly number[];
  days: ReadonlyArray<{ date: string; is_working: boolean; name: string | null; type: string }>;
};

/** Whether the company works that day: the calendar's own days first, then its working week. */
export function isWorkingDay(iso: string, calendar: WorkCalendar | undefined): boolean {
  const listed = calendar?.days.find((day) => day.date === iso);
  if (listed) return listed.is_working;
  return (calendar?.work_days ?? [1, 2, 3, 4, 5]).includes(isoWeekday(iso));
}

/** The holiday's name, when the calendar gives one. */
export function dayName(iso: string, calendar: WorkCalendar | undefined): string | null {
  return calendar?.days.find((day) => day.date === iso)?.name ?? null;
}

/**
 * The shaded parts of a day column, as minute ranges: the whole day off, or the hours before
 * and after the working day (a short day before a holiday ends an hour earlier).
 */
export function offHours(
  iso: string,
  calendar: WorkCalendar | undefined,
  hours: { from: number; to: number },
): Array<{ start: number; end: number }> {
  if (!isWorkingDay(iso, calendar)) return [{ start: 0, end: MINUTES_PER_DAY }];
  const short = calendar?.days.find((day) => day.date === iso)?.type === 'short_day';
  const to = short ? Math.max(hours.from, hours.to - 60) : hours.to;
  return [
    ...(hours.from > 0 ? [{ start: 0, end: hours.from }] : []),
    ...(to < MINUTES_PER_DAY ? [{ start: to, end: MINUTES_PER_DAY }] : []),
  ];
}

/** Distinct, readable colours for the users shown side by side, by their place in the list. */
export const USER_COLORS = [
  {
    background: 'bg-indigo-100',
    border: 'border-indigo-500',
    text: 'text-indigo-900',
    dot: 'bg-indigo-500',
  },
  {
    background: 'bg-emerald-100',
    border: 'border-emerald-600',
    text: 'text-emerald-900',
    dot: 'bg-emerald-600',
  },
  {
    background: 'bg-amber-100',
    border: 'border-amber-600',
    text: 'text-amber-900',
    dot: 'bg-amber-600',
  },
  {
    background: 'bg-rose-100',
    border: 'border-rose-500',
    text: 'text-rose-900',
    dot: 'bg-rose-500',
  },
  { background: 'bg-sky-100', border: 'border-sky-600', text: 'text-sky-900', dot: 'bg-sky-600' },
  {
    background: 'bg-violet-100',
    border: 'border-violet-500',
    text: 'text-violet-900',
    dot: 'bg-violet-500',
  },
  {
    background: 'bg-lime-100',
    border: 'border-lime-600',
    text: 'text-lime-900',
    dot: 'bg-lime-600',
  },
  {
    background: 'bg-orange-100',
    border: 'border-orange-500',
    text: 'text-orange-900',
    dot: 'bg-orange-500',
  },
] as const;

export function userColor(index: number) {
  return USER_COLORS[((index % USER_COLORS.length) + USER_COLORS.length) % USER_COLORS.length]!;
}
