import type { TResumeDraft } from '@ats/contracts/resume-parse';
import {
  capitalized,
  isKnownCity,
  isPlaceLine,
  looksLikeCompany,
  looksLikeTitle,
  splitCompanyAndTitle,
  withoutTrailingCity,
} from './resume-places.ts';

// Dates, work periods and schools of a résumé: «Март 2018 — настоящее время», «6 лет 2 месяца»,
// «2014 Уральский федеральный университет».

type Experience = TResumeDraft['experience'][number];
type Education = TResumeDraft['education'][number];

const MONTHS = [
  'январ',
  'феврал',
  'март',
  'апрел',
  'ма[йя]',
  'июн',
  'июл',
  'август',
  'сентябр',
  'октябр',
  'ноябр',
  'декабр',
];
const MONTH_WORD = `(?:${MONTHS.join('|')})[а-яё]*`;
const DATE = `(?:${MONTH_WORD}\\s+\\d{4}|\\d{1,2}\\.\\d{4}|\\d{4})`;
const NOW =
  '(?:(?:по\\s+)?настоящее\\s+время|н\\.\\s?в\\.?|сейчас|по\\s+н\\.\\s?в\\.?|present|now)';
const PERIOD = new RegExp(`^(${DATE})\\s*(?:[—–-]\\s*(${DATE}|${NOW})?)\\s*(.*)$`, 'i');
const END_ONLY = new RegExp(`^(${DATE}|${NOW})$`, 'i');
const DURATION =
  /^(?:(\d+)\s+(?:год|года|лет|years?))?\s*(?:(\d+)\s+(?:месяц|месяца|месяцев|months?))?$/i;

const pad = (n: number) => String(n).padStart(2, '0');

/** Март 2018 → 2018-03-01, 03.2018 → 2018-03-01, 2018 → 2018-01-01; null when not a date. */
export function monthDate(text: string): string | null {
  const t = text.trim().toLowerCase();
  const named = new RegExp(`^(${MONTH_WORD})\\s+(\\d{4})$`, 'i').exec(t);
  if (named) {
    const month = MONTHS.findIndex((stem) => new RegExp(`^${stem}`).test(named[1]!)) + 1;
    return `${named[2]}-${pad(month)}-01`;
  }
  const numeric = /^(\d{1,2})\.(\d{4})$/.exec(t);
  if (numeric && Number(numeric[1]) >= 1 && Number(numeric[1]) <= 12) {
    return `${numeric[2]}-${pad(Number(numeric[1]))}-01`;
  }
  if (/^(19|20)\d{2}$/.test(t)) return `${t}-01-01`;
  return null;
}

const isNow = (text: string) => new RegExp(`^${NOW}$`, 'i').test(text.trim());

/** «8 лет 3 месяца» → 99 months; null when the text is not a duration. */
export function durationMonths(text: string): number | null {
  const match = DURATION.exec(text.trim());
  if (!match || (!match[1] && !match[2])) return null;
  return Number(match[1] ?? 0) * 12 + Number(match[2] ?? 0);
}

type Job = {
  start: string;
  end: string | null;
  now: boolean;
  awaitingEnd: boolean;
  lines: string[];
  /** What the résumé labels («Организация:», «Должность:»). */
  company: string | null;
  position: string | null;
};

const DOMAIN = /\b[\w-]+\.(?:ru|com|рф|org|net|io|su|by|kz|ua|uz|pro|tech|biz|info|example)\b\S*/i;

/** A line that starts the duties rather than names the job: a list item, a label, a sentence. */
const isDutyLine = (line: string) => /^[-–—•*·]|:|[.;]$/.test(line.trim()) || line.length > 100;

/**
 * The company, position, link and duties of a job from its lines, in whichever order the résumé
 * prints them: hh.ru gives the company, «city, site», the industries (the sub-industries marked
 * «•»), the position, then the duties; SuperJob the position before «company, city»; a hand-made
 * résumé «company, position» on one line.
 */
function toExperience(job: Job): Experience {
  const rest = [...job.lines];
  let company = job.company;
  let position = job.position;
  let link: string | null = null;
  if (company === null && rest.length > 0) {
    const first = rest.shift()!;
    const both = splitCompanyAndTitle(first);
    if (both) {
      company = both.company;
      position ??= both.position;
    } else if (
      position === null &&
      looksLikeTitle(first) &&
      !looksLikeCompany(first) &&
      rest[0] !== undefined &&
      looksLikeCompany(rest[0])
    ) {
      position = capitalized(first);
      company = rest.shift()!;
    } else {
      company = first;
    }
    company = withoutTrailingCity(company);
  }
  // hh.ru prints «Город, site.ru» (or just the city) under the company; the site is the job's link.
  if (rest[0] && rest[0].length < 120 && (isPlaceLine(rest[0]) || DOMAIN.test(rest[0]))) {
    link = DOMAIN.exec(rest.shift()!)?.[0] ?? null;
  }
  // The industries: a line, then its «• sub-industries», all before the position.
  const lastIndustry = rest.slice(0, 6).findLastIndex((line) => line.startsWith('•'));
  if (position === null && lastIndustry >= 0) rest.splice(0, lastIndustry + 1);
  // A town not among the known cities, or an industry without sub-industries, before a line that
  // reads as a job title: the title is the position.
  if (position === null && rest[0] !== undefined && !looksLikeTitle(rest[0])) {
    const title = rest.slice(1, 3).findIndex((line) => looksLikeTitle(line) && !isDutyLine(line));
    const skipped = rest.slice(0, title + 1);
    if (title >= 0 && !skipped.some(isDutyLine)) rest.splice(0, title + 1);
  }
  if (position === null && rest[0] !== undefined && !isDutyLine(rest[0])) {
    position = capitalized(rest.shift()!);
  }
  return {
    company,
    position,
    link,
    date_start: job.start,
    date_end: job.now ? null : job.end,
    is_now: job.now,
    description: rest.length > 0 ? rest.join('\n') : null,
    country: null,
    skills: [],
  };
}

/** «Период работы:», «Организация:», «Должность:» of a résumé typed from a template. */
const JOB_LABEL =
  /^(период работы|период|годы работы|даты работы|организация|компания|место работы|наименование организации|работодатель|должность|занимаемая должность)\s*:\s*(.*)$/i;
const labelKind = (label: string) =>
  /период|годы|даты/i.test(label) ? 'period' : /должность/i.test(label) ? 'position' : 'company';

/** «(7 лет 2 месяца)» after a period, as SuperJob prints it. */
const BRACKETED = /^\(([^()]*)\)\s*(.*)$/;

/**
 * The jobs of the experience section. The cells come in reading order; hh.ru prints the dates
 * and the duration in a left column beside the company and position, so date cells are set
 * aside and the rest of the cells, in order, are the company, «city, site», position and
 * description. Cells before the first period are returned as leftovers.
 */
export function parseExperience(cells: string[]): { jobs: Experience[]; leftovers: string[] } {
  const jobs: Job[] = [];
  const leftovers: string[] = [];
  for (const raw of cells) {
    const job = jobs.at(-1);
    const label = JOB_LABEL.exec(raw);
    const kind = label ? labelKind(label[1]!) : null;
    if (label && job && kind !== 'period' && label[2]) {
      const value = label[2].trim();
      if (kind === 'position' && job.position === null) job.position = capitalized(value);
      else if (kind === 'company' && job.company === null) job.company = withoutTrailingCity(value);
      else job.lines.push(raw);
      continue;
    }
    const cell = kind === 'period' ? label![2]!.trim() : raw;
    const period = PERIOD.exec(cell);
    const start = period ? monthDate(period[1]!) : null;
    if (period && start) {
      const end = period[2] ?? null;
      let rest = period[3] ?? '';
      const bracketed = BRACKETED.exec(rest);
      if (bracketed && durationMonths(bracketed[1]!) !== null) rest = bracketed[2]!;
      jobs.push({
        start,
        end: end && !isNow(end) ? monthDate(end) : null,
        now: end ? isNow(end) : false,
        awaitingEnd: !end,
        lines: rest ? [rest] : [],
        company: null,
        position: null,
      });
      continue;
    }
    if (job?.awaitingEnd && END_ONLY.test(cell)) {
      job.awaitingEnd = false;
      job.now = isNow(cell);
      job.end = job.now ? null : monthDate(cell);
      continue;
    }
    if (job && durationMonths(cell) !== null) continue;
    if (job) job.lines.push(cell);
    else leftovers.push(cell);
  }
  return { jobs: jobs.map(toExperience), leftovers };
}

const LEVEL =
  /^(?:высшее(?:\s*\([^)]*\))?|неоконченное высшее|среднее(?: специальное| профессиональное)?|бакалавр|магистр|специалист|кандидат наук|доктор наук|mba)$/i;

/** A school of the draft: what the résumé says, the rest empty. */
const school = (level: Education['level'], known: Partial<Education> = {}): Education => ({
  level,
  name: null,
  date_start: null,
  date_end: null,
  speciality: null,
  description: null,
  country: null,
  education_type: null,
  form: null,
  link: null,
  ...known,
});

const INSTITUTION =
  /университет|институт|академи|колледж|техникум|училищ|школ|лицей|консерватори|семинари|university|institute|college|school|academy/i;

/**
 * «Казанский университет, Казань» → the name without the city; «Казанский университет,
 * экономический факультет, Финансы» with no speciality line → the name, and the faculty and
 * speciality after it.
 */
function splitSchoolName(entry: Education): Education {
  if (!entry.name) return entry;
  const parts = entry.name
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length > 1 && isKnownCity(parts.at(-1)!)) parts.pop();
  if (parts.length > 1 && !entry.speciality && INSTITUTION.test(parts[0]!)) {
    return { ...entry, name: parts[0]!, speciality: capitalized(parts.slice(1).join(', ')) };
  }
  return { ...entry, name: parts.join(', ') };
}

/**
 * The education section: the level line («Высшее»), then schools, each a year (on its own or
 * beside the name) followed by the name and a speciality line. The month of graduation is not
 * printed; July is when Russian schools graduate.
 */
export function parseEducation(cells: string[]): { schools: Education[]; leftovers: string[] } {
  let level: string | null = null;
  const schools: Education[] = [];
  const leftovers: string[] = [];
  let year: string | null = null;
  let current: Education | null = null;
  for (const cell of cells) {
    if (LEVEL.test(cell)) {
      level = cell.charAt(0).toUpperCase() + cell.slice(1);
      continue;
    }
    const dated = /^(?:(\d{4})\s*[—–-]\s*)?((?:19|20)\d{2})(?:\s+(.+))?$/.exec(cell);
    if (dated) {
      year = dated[2]!;
      current = null;
      if (!dated[3]) continue;
    }
    const text = dated?.[3] ?? cell;
    if (year && !current) {
      current = school(level, {
        name: text,
        date_start: dated?.[1] ? `${dated[1]}-09-01` : null,
        date_end: `${year}-07-01`,
      });
      schools.push(current);
      year = null;
    } else if (current && !current.speciality) {
      current.speciality = text;
    } else if (current) {
      current.description = current.description ? `${current.description}\n${text}` : text;
    } else {
      leftovers.push(text);
    }
  }
  if (schools.length === 0 && level) {
    schools.push(school(level));
  }
  return { schools: schools.map(splitSchoolName), leftovers };
}

const GENITIVE_MONTHS = [
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

/** «5 марта 1992», «05.03.1992» → 1992-03-05; null otherwise (or when the date is impossible). */
export function birthDate(text: string): string | null {
  const named = /(\d{1,2})\s+([а-яё]+)\s+(\d{4})/i.exec(text);
  const numeric = /(\d{1,2})\.(\d{1,2})\.(\d{4})/.exec(text);
  let iso: string | null = null;
  if (named) {
    const month = GENITIVE_MONTHS.indexOf(named[2]!.toLowerCase()) + 1;
    if (month > 0) iso = `${named[3]}-${pad(month)}-${pad(Number(named[1]))}`;
  } else if (numeric) {
    iso = `${numeric[3]}-${pad(Number(numeric[2]))}-${pad(Number(numeric[1]))}`;
  }
  if (!iso) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}
