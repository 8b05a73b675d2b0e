/**
 * The production calendar of the Russian Federation (производственный календарь): public holidays
 * of the Labour Code, art. 112, the days off the government moves each year, and the shortened
 * working days before holidays (art. 95). Facts kept in code: the calendar changes once a year
 * with a decree, and a deadline must not depend on a site being reachable.
 */

export type NationalDayKind = 'holiday' | 'day_off' | 'working_weekend' | 'short_day';

export type NationalDay = { date: string; kind: NationalDayKind; name: string };

export type NationalYear = {
  year: number;
  /** The decree the year's moved days off come from; null when it is not known yet. */
  decree: string | null;
  /** date → what the country does that day, for days that differ from a Monday–Friday week. */
  days: Map<string, NationalDay>;
};

/** A day off moved by a decree: `from` (a weekend day, or a holiday on one) onto `to`. */
type Transfer = { from: string; to: string };

type DecreedYear = { decree: string; transfers: Transfer[]; shortDays: string[] };

const NEW_YEAR = 'Новогодние каникулы';

/** Art. 112: the non-working holidays, by MM-DD. */
const HOLIDAYS: Record<string, string> = {
  '01-01': NEW_YEAR,
  '01-02': NEW_YEAR,
  '01-03': NEW_YEAR,
  '01-04': NEW_YEAR,
  '01-05': NEW_YEAR,
  '01-06': NEW_YEAR,
  '01-07': 'Рождество Христово',
  '01-08': NEW_YEAR,
  '02-23': 'День защитника Отечества',
  '03-08': 'Международный женский день',
  '05-01': 'Праздник Весны и Труда',
  '05-09': 'День Победы',
  '06-12': 'День России',
  '11-04': 'День народного единства',
};

/**
 * Years with a decree on moved days off. Each transfer is written as the decree words it;
 * shortened days are those of the Ministry of Labour's calendar for the year (art. 95: the working
 * day right before a holiday, and a working Saturday followed by a Sunday and a holiday).
 */
const DECREED: Record<number, DecreedYear> = {
  2024: {
    decree: 'Постановление Правительства РФ от 10.08.2023 № 1314',
    transfers: [
      { from: '2024-01-06', to: '2024-05-10' },
      { from: '2024-01-07', to: '2024-12-31' },
      { from: '2024-04-27', to: '2024-04-29' },
      { from: '2024-11-02', to: '2024-04-30' },
      { from: '2024-12-28', to: '2024-12-30' },
    ],
    shortDays: ['2024-02-22', '2024-03-07', '2024-05-08', '2024-06-11', '2024-11-02'],
  },
  2025: {
    decree: 'Постановление Правительства РФ от 04.10.2024 № 1335',
    transfers: [
      { from: '2025-01-04', to: '2025-05-02' },
      { from: '2025-01-05', to: '2025-12-31' },
      { from: '2025-02-23', to: '2025-05-08' },
      { from: '2025-03-08', to: '2025-06-13' },
      { from: '2025-11-01', to: '2025-11-03' },
    ],
    shortDays: ['2025-03-07', '2025-04-30', '2025-06-11', '2025-11-01'],
  },
  2026: {
    decree: 'Постановление Правительства РФ от 24.09.2025 № 1466',
    transfers: [
      { from: '2026-01-03', to: '2026-01-09' },
      { from: '2026-01-04', to: '2026-12-31' },
      // Not in the decree: holidays on a weekend move to the next working day by art. 112.
      { from: '2026-03-08', to: '2026-03-09' },
      { from: '2026-05-09', to: '2026-05-11' },
    ],
    shortDays: ['2026-04-30', '2026-05-08', '2026-06-11', '2026-11-03'],
  },
};

/** Years after the last decree are built from the Labour Code alone and marked preliminary. */
export const DECREED_YEARS = Object.keys(DECREED).map(Number);

const MONTHS_GENITIVE = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

/** '2024-04-29' → '29 апреля'. */
export function dayAndMonth(date: string) {
  return `${Number(date.slice(8, 10))} ${MONTHS_GENITIVE[Number(date.slice(5, 7)) - 1]}`;
}

const toDate = (iso: string) => new Date(`${iso}T00:00:00Z`);
const toIso = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(iso: string, days: number) {
  const date = toDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** ISO weekday: 1 Monday … 7 Sunday. */
export function isoWeekday(iso: string) {
  return toDate(iso).getUTCDay() || 7;
}

const isWeekend = (iso: string) => isoWeekday(iso) >= 6;

function holidaysOf(year: number) {
  const days = new Map<string, NationalDay>();
  for (const [monthDay, name] of Object.entries(HOLIDAYS)) {
    const date = `${year}-${monthDay}`;
    days.set(date, { date, kind: 'holiday', name });
  }
  return days;
}

function moveDayOff(days: Map<string, NationalDay>, { from, to }: Transfer) {
  if (!days.has(from)) {
    days.set(from, {
      date: from,
      kind: 'working_weekend',
      name: `Рабочий день: выходной перенесён на ${dayAndMonth(to)}`,
    });
  }
  const movedName = `Выходной, перенесённый с ${dayAndMonth(from)}`;
  days.set(to, {
    date: to,
    kind: 'day_off',
    name: to.slice(5, 7) === '01' ? `${NEW_YEAR} (${movedName.toLowerCase()})` : movedName,
  });
}

function markShort(days: Map<string, NationalDay>, date: string) {
  const worked = days.get(date);
  days.set(date, {
    date,
    kind: 'short_day',
    name:
      worked?.kind === 'working_weekend'
        ? `${worked.name}; предпраздничный день, на час короче`
        : 'Предпраздничный день, на час короче',
  });
}

/**
 * A year without a decree: art. 112 moves a holiday that falls on a weekend to the next working
 * day, except the January ones (1–6 and 8), whose two days the government places by decree; art.
 * 95 shortens the working day right before a holiday.
 */
function statutoryYear(year: number): NationalYear {
  const days = holidaysOf(year);
  const isOff = (date: string) => {
    const kind = days.get(date)?.kind;
    return kind === 'holiday' || kind === 'day_off' || (kind === undefined && isWeekend(date));
  };
  for (const holiday of [...days.values()]) {
    const january = holiday.date.slice(5, 7) === '01' && holiday.date.slice(8) !== '07';
    if (!isWeekend(holiday.date) || january) continue;
    let to = addDays(holiday.date, 1);
    while (isOff(to)) to = addDays(to, 1);
    moveDayOff(days, { from: holiday.date, to });
  }
  // 1 January is a holiday every year, so 31 December is shortened like any eve.
  const eves = [...days.values()]
    .filter((day) => day.kind === 'holiday')
    .map((day) => addDays(day.date, -1))
    .filter((date) => date.startsWith(String(year)));
  for (const date of [...eves, `${year}-12-31`]) if (!isOff(date)) markShort(days, date);
  return { year, decree: null, days: sortByDate(days) };
}

function decreedYear(year: number, facts: DecreedYear): NationalYear {
  const days = holidaysOf(year);
  for (const transfer of facts.transfers) moveDayOff(days, transfer);
  for (const date of facts.shortDays) markShort(days, date);
  return { year, decree: facts.decree, days: sortByDate(days) };
}

const sortByDate = (days: Map<string, NationalDay>) =>
  new Map([...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)));

const cache = new Map<number, NationalYear>();

/** The country's calendar of a year (memoised: it is the same for every account). */
export function nationalYear(year: number): NationalYear {
  let found = cache.get(year);
  if (!found) {
    const facts = DECREED[year];
    found = facts ? decreedYear(year, facts) : statutoryYear(year);
    cache.set(year, found);
  }
  return found;
}

/** Whether the day is worked by a company with this week, before it decides otherwise. */
export function isNationalWorkingDay(date: string, workDays: ReadonlySet<number>) {
  const kind = nationalYear(Number(date.slice(0, 4))).days.get(date)?.kind;
  if (kind === 'holiday' || kind === 'day_off') return false;
  // A weekend day the decree made working is worked, whatever the company's usual week.
  if (isWeekend(date) && (kind === 'working_weekend' || kind === 'short_day')) return true;
  return workDays.has(isoWeekday(date));
}
