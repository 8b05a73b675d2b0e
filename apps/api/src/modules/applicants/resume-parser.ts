import type { TResumeDraft } from '@ats/contracts/resume-parse';
import { isValidUrl } from '@ats/contracts/url-check';
import { type FoundContact, takeContacts } from './resume-contacts.ts';
import { genderOfPatronymic, parsePersonName } from './resume-names.ts';
import { birthDate, durationMonths, parseEducation, parseExperience } from './resume-periods.ts';
import { languageOf, type LanguageMention, strayLanguageOf } from './resume-languages.ts';
import {
  capitalized,
  leadingCity,
  looksLikeCompany,
  looksLikeTitle,
  withoutCityPrefix,
} from './resume-places.ts';

// Résumé text → a draft of the create request. Pure: no database, no files. The main case is the
// PDF and DOCX that hh.ru exports, SuperJob's and the résumés people type in Word from a template;
// free-form résumés give at least the name, contacts and the labelled fields. The test set in
// apps/api/test/resumes holds one of each layout with the fields it should give.

export type ParsedResume = {
  draft: Omit<TResumeDraft, 'languages'>;
  /** Languages by name; the service finds them in the dictionary. */
  languages: LanguageMention[];
};

type Section = 'header' | 'experience' | 'education' | 'skills' | 'languages' | 'about' | 'other';
type Block = { section: Section; title: string | null; rest: string; lines: string[][] };

const HEADINGS: [Section, string[]][] = [
  ['header', ['желаемая должность и зарплата', 'гражданство, время в пути до работы']],
  ['experience', ['опыт работы', 'work experience', 'experience', 'опыт']],
  ['education', ['основное образование', 'образование', 'education']],
  ['skills', ['ключевые навыки', 'профессиональные навыки', 'навыки', 'key skills', 'skills']],
  ['languages', ['знание языков', 'иностранные языки', 'языки', 'languages']],
  [
    'about',
    [
      'дополнительная информация',
      'дополнительные сведения',
      'личные качества',
      'обо мне',
      'о себе',
      'about me',
    ],
  ],
  [
    'other',
    [
      'повышение квалификации, курсы',
      'повышение квалификации',
      'курсы',
      'тесты, экзамены',
      'электронные сертификаты',
      'сертификаты',
      'рекомендации',
      'портфолио',
    ],
  ],
];
// «Опыт работы — 8 лет», «Опыт работы: …» (hh.ru, Word) and «Опыт работы (8 лет)» (SuperJob).
const HEADING_PATTERNS = HEADINGS.flatMap(([section, titles]) =>
  titles.map(
    (title) =>
      [section, new RegExp(`^(${title})(?:\\s*[:—–-]\\s*(.*)|\\s*\\(([^()]*)\\))?$`, 'i')] as const,
  ),
);

function headingOf(cell: string) {
  for (const [section, pattern] of HEADING_PATTERNS) {
    const match = pattern.exec(cell);
    if (match) return { section, title: match[1]!, rest: (match[2] ?? match[3] ?? '').trim() };
  }
  return null;
}

/** The text as lines of cells (a tab separates columns), without hh.ru's page footers. */
function linesOf(text: string): string[][] {
  return text
    .split('\n')
    .map((line) =>
      line
        .split('\t')
        .map((cell) => cell.replace(/[ \u00a0\u202f]+/g, ' ').trim())
        .filter(Boolean),
    )
    .filter((cells) => cells.length > 0 && !/резюме обновлено/i.test(cells.join(' ')));
}

/** Headings may open a line and the rest of the line belongs to them («Навыки → chips»). */
function blocksOf(lines: string[][]): Block[] {
  const blocks: Block[] = [{ section: 'header', title: null, rest: '', lines: [] }];
  for (const cells of lines) {
    const heading = headingOf(cells[0]!);
    if (heading) {
      blocks.push({ ...heading, lines: cells.length > 1 ? [cells.slice(1)] : [] });
    } else {
      blocks.at(-1)!.lines.push(cells);
    }
  }
  return blocks;
}

// An amount starts where its digits do and has at most 15 of them: unbounded, a line of 100,000
// digits was tried from each digit to its end.
const SALARY =
  /(?:от\s*)?(?<!\d)(\d{1,3}(?:[ \u202f]\d{3}){1,4}|\d{1,15})\s*(₽|руб(?:\.|лей|ля)?|р\.|rub\b|\$|usd\b|долл(?:\.|аров)?|€|eur\b|евро)|(\$|€|usd|eur)\s*(\d{1,3}(?:[ \u202f]\d{3}){1,4}|\d{1,15})/i;

function currencyOf(symbol: string): TResumeDraft['currency'] {
  if (/^(\$|usd|долл)/i.test(symbol)) return 'USD';
  if (/^(€|eur|евро)/i.test(symbol)) return 'EUR';
  return 'RUB';
}

export function salaryOf(text: string) {
  const match = SALARY.exec(text);
  if (!match) return null;
  const amount = (match[1] ?? match[4])!.replace(/\D/g, '');
  return {
    money: amount,
    currency: currencyOf((match[2] ?? match[3])!),
    rest: text.replace(match[0], ' ').replace(/\s+/g, ' ').trim(),
  };
}

const clip = (text: string | null, max: number) =>
  text === null ? null : text.length > max ? text.slice(0, max).trimEnd() : text;

const SKILL_SEPARATORS = /[,;•·|]/;
/** «Хобби: горные лыжи» is a labelled line of its own, not a skill («1С: Бухгалтерия» is). */
const LABELLED = /^[A-Za-zА-Яа-яЁё]+(?:\s[A-Za-zА-Яа-яЁё]+)?:\s/;

function skillsOf(cells: string[]): string[] {
  return cells
    .flatMap((cell) => cell.split(SKILL_SEPARATORS))
    .map((skill) =>
      skill
        .replace(/^[-—–]\s*/, '')
        .replace(/\.$/, '')
        .trim(),
    )
    .filter((skill) => skill.length > 0 && skill.length <= 100);
}

const uniqueBy = <T>(items: T[], key: (item: T) => string) => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

type Draft = ParsedResume['draft'];

function emptyDraft(): Draft {
  return {
    last_name: null,
    first_name: null,
    middle_name: null,
    city: null,
    gender: null,
    birthday: null,
    phone: null,
    email: null,
    tg: null,
    skype: null,
    contacts: [],
    position: null,
    company: null,
    money: null,
    currency: null,
    citizenship: [],
    total_experience: null,
    experience: [],
    education: [],
    skills: [],
    about_me: null,
    unidentified_info: null,
  };
}

/** The first contact of a kind fills its field; later ones go to the other contacts. */
function addContacts(draft: Draft, found: FoundContact[]) {
  for (const { type, value } of found) {
    const field = type === 'phone' || type === 'email' || type === 'tg' || type === 'skype';
    if (field && draft[type] === null) {
      draft[type] = value;
    } else if (!field || draft[type] !== value) {
      draft.contacts.push({ contact_type: type, value, is_prefered: false });
    }
  }
}

const NAME_LINES = 6;

/** «Проживает:», «Город:», «Адрес: г. Самара, ул. …»: where the applicant lives. */
const CITY_LINE =
  /^(проживает|город проживания|город|место проживания|местонахождение|адрес проживания|адрес|location|city)\s*:\s*(.+)$/i;
/** «Женщина, 32 года, …» (hh.ru), «31 год (12.05.1994), мужчина» (SuperJob). */
const PERSONAL = /^(?:мужчина|женщина|\d{1,3}\s+(?:год|года|лет))(?![а-яё])/i;
const GENDER = /(?<![а-яё])(мужчина|женщина)(?![а-яё])/i;

/** The city of a labelled line, and what else the line says («м. Щёлковская»). */
function readCity(draft: Draft, label: string, value: string, unknown: string[]) {
  const parts = value.split(',').map((part) => part.trim());
  // An address may open with the street, the city further on: «ул. Ленина, 5, г. Самара».
  const at = /^адрес/i.test(label) ? parts.findIndex((part) => /^(?:г\.|город\s)/i.test(part)) : 0;
  const index = Math.max(at, 0);
  draft.city ??= withoutCityPrefix(parts[index]!) || null;
  const rest = parts.filter((_, i) => i !== index);
  if (rest.length > 0) unknown.push(`${label}: ${rest.join(', ')}`);
}

/** What the personal part took without a label, for a labelled section to correct. */
type Guesses = { position: boolean };

/** A line of the personal part: name, «Женщина, 32 года, …», contacts, labelled fields. */
function readPersonalLine(
  draft: Draft,
  line: string,
  index: number,
  unknown: string[],
  guessed: Guesses,
) {
  if (PERSONAL.test(line)) {
    const gender = GENDER.exec(line);
    if (gender) draft.gender = gender[1]!.toLowerCase() === 'мужчина' ? 'male' : 'female';
    draft.birthday = birthDate(line) ?? draft.birthday;
    if (gender || draft.birthday) return;
  }
  const born = /^(?:дата рождения|д\.\s?р\.)\s*:?\s*(.+)$/i.exec(line);
  if (born && birthDate(born[1]!)) {
    draft.birthday = birthDate(born[1]!);
    return;
  }
  const citizenship = /^гражданство\s*:\s*(.+)$/i.exec(line);
  if (citizenship) {
    const [countries, ...rest] = citizenship[1]!.split(/,\s*(?=есть|нет|требуется)/i);
    draft.citizenship = countries!
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (rest.length > 0) unknown.push(rest.join(', ').replace(/^./, (c) => c.toUpperCase()));
    return;
  }
  const city = CITY_LINE.exec(line);
  if (city) {
    readCity(draft, city[1]!, city[2]!, unknown);
    return;
  }
  const position = /^(?:желаемая\s+)?(?:должность|позиция|цель)\s*:\s*(.+)$/i.exec(line);
  if (position) {
    draft.position ??= capitalized(position[1]!.trim());
    return;
  }
  const salaryLine = /^(?:желаемая\s+)?(?:зарплата|заработная плата|ожидания[^:]*)\s*:\s*(.+)$/i;
  const salary = salaryLine.exec(line) ?? (SALARY.test(line) ? [line, line] : null);
  const money = salary ? salaryOf(salary[1]!) : null;
  if (money) {
    draft.money ??= money.money;
    draft.currency ??= money.currency;
    if (money.rest) unknown.push(`Зарплата: ${money.rest}`);
    return;
  }
  const { contacts, rest } = takeContacts(line);
  if (contacts.length > 0) {
    addContacts(draft, contacts);
    if (rest) unknown.push(rest);
    return;
  }
  const named = /^(?:фио|ф\.и\.о\.|имя)\s*:\s*(.+)$/i.exec(line);
  const name = index < NAME_LINES && draft.first_name === null && draft.last_name === null;
  const person = named ? parsePersonName(named[1]!) : name ? parsePersonName(line) : null;
  if (person) {
    Object.assign(draft, person);
    return;
  }
  // SuperJob opens with the wanted position, above the name; hh.ru's newer export with the city.
  if (
    draft.position === null &&
    !/\d|:/.test(line) &&
    looksLikeTitle(line) &&
    !looksLikeCompany(line)
  ) {
    draft.position = capitalized(line);
    guessed.position = true;
    return;
  }
  const leading = draft.city === null ? leadingCity(line) : null;
  if (leading) {
    draft.city = leading.city;
    if (leading.rest) unknown.push(capitalized(leading.rest));
    return;
  }
  unknown.push(line);
}

/** hh.ru's «Желаемая должность и зарплата»: the position, the salary, then labelled details. */
function readWantedJob(draft: Draft, cells: string[], unknown: string[]) {
  for (const cell of cells) {
    const salary = salaryOf(cell);
    if (salary && draft.money === null) {
      draft.money = salary.money;
      draft.currency = salary.currency;
      if (salary.rest) unknown.push(`Зарплата: ${salary.rest}`);
    } else if (draft.position === null && !cell.includes(':') && !/^[—–-]/.test(cell)) {
      draft.position = cell;
    } else {
      unknown.push(cell);
    }
  }
}

export function parseResumeText(text: string): ParsedResume {
  const draft = emptyDraft();
  const languages: LanguageMention[] = [];
  const unknown: string[] = [];
  const about: string[] = [];
  const blocks = blocksOf(linesOf(text));
  let personalIndex = 0;
  const guessed: Guesses = { position: false };

  for (const block of blocks) {
    const cells = block.lines.flat();
    const joined = block.lines.map((line) => line.join(' '));
    switch (block.section) {
      case 'header':
        if (block.title && /должность/i.test(block.title)) {
          // hh.ru's section names the wanted position: it wins over a title guessed above it.
          if (guessed.position) {
            unknown.push(draft.position!);
            draft.position = null;
            guessed.position = false;
          }
          readWantedJob(draft, block.rest ? [block.rest, ...cells] : cells, unknown);
        } else {
          for (const line of joined) {
            readPersonalLine(draft, line, personalIndex++, unknown, guessed);
          }
        }
        break;
      case 'experience': {
        const months = durationMonths(block.rest);
        if (months !== null) draft.total_experience = months;
        const { jobs, leftovers } = parseExperience(
          months === null && block.rest ? [block.rest, ...cells] : cells,
        );
        draft.experience.push(...jobs);
        unknown.push(...leftovers);
        break;
      }
      case 'education': {
        const { schools, leftovers } = parseEducation(block.rest ? [block.rest, ...cells] : cells);
        draft.education.push(...schools);
        unknown.push(...leftovers);
        break;
      }
      case 'skills':
        if (block.rest) draft.skills.push(...skillsOf([block.rest]));
        for (const cell of cells) {
          const language = strayLanguageOf(cell);
          if (language) languages.push(language);
          else if (LABELLED.test(cell)) unknown.push(cell);
          else draft.skills.push(...skillsOf([cell]));
        }
        break;
      case 'languages':
        for (const cell of block.rest ? [block.rest, ...cells] : cells) {
          for (const piece of cell.split(/[;,]/)) {
            const language = languageOf(piece);
            if (language) languages.push(language);
            else if (piece.trim()) unknown.push(piece.trim());
          }
        }
        break;
      case 'about':
        about.push(...(block.rest ? [block.rest, ...joined] : joined));
        break;
      case 'other':
        unknown.push([block.title, block.rest].filter(Boolean).join(': '), ...joined);
        break;
    }
  }

  // A free-form résumé may give its e-mail or phone anywhere (a footer, a cover letter).
  if (draft.email === null || draft.phone === null) {
    const everywhere = text.split('\n').flatMap((line) => takeContacts(line).contacts);
    for (const type of ['email', 'phone'] as const) {
      draft[type] ??= everywhere.find((c) => c.type === type)?.value ?? null;
    }
  }
  draft.gender ??= genderOfPatronymic(draft.middle_name);
  // The company is where the applicant works now, or last worked (résumés list the latest first).
  const current = draft.experience.find((job) => job.is_now) ?? draft.experience[0];
  draft.company = current?.company ?? null;
  draft.position ??= current?.position ?? null;

  return { draft: tidyDraft(draft, about, unknown), languages: uniqueBy(languages, (l) => l.name) };
}

/** A link the create request accepts (SPEC.md §5 URL check), or null: a draft never fails it. */
const linkOrNull = (link: string | null) => (link && isValidUrl(link) ? link : null);

/** Fits every field into the create request's limits (ZCreateApplicantRequest). */
function tidyDraft(draft: Draft, about: string[], unknown: string[]): Draft {
  const text = (lines: string[], max: number) => clip(lines.join('\n').trim() || null, max);
  return {
    ...draft,
    last_name: clip(draft.last_name, 255),
    first_name: clip(draft.first_name, 255),
    middle_name: clip(draft.middle_name, 255),
    city: clip(draft.city, 200),
    phone: clip(draft.phone, 50),
    tg: clip(draft.tg, 100),
    skype: clip(draft.skype, 100),
    position: clip(draft.position, 500),
    company: clip(draft.company, 500),
    contacts: uniqueBy(draft.contacts, (c) => `${c.contact_type}:${c.value}`)
      .slice(0, 50)
      .map((c) => ({ ...c, value: clip(c.value, 255)! }))
      // The create request takes a «Сайт» contact only as a link; anything else stays as «Другое».
      .map((c) =>
        c.contact_type === 'site' && !isValidUrl(c.value)
          ? { ...c, contact_type: 'other' as const }
          : c,
      ),
    citizenship: draft.citizenship.slice(0, 10).map((c) => clip(c, 100)!),
    experience: draft.experience.slice(0, 100).map((job) => ({
      ...job,
      company: clip(job.company ?? null, 255),
      position: clip(job.position ?? null, 255),
      link: linkOrNull(clip(job.link ?? null, 500)),
      description: clip(job.description ?? null, 10_000),
    })),
    education: draft.education.slice(0, 50).map((school) => ({
      ...school,
      level: clip(school.level ?? null, 255),
      name: clip(school.name ?? null, 500),
      speciality: clip(school.speciality ?? null, 500),
      link: linkOrNull(clip(school.link ?? null, 500)),
      description: clip(school.description ?? null, 10_000),
    })),
    skills: uniqueBy(draft.skills, (s) => s.toLowerCase()).slice(0, 300),
    about_me: text(about, 20_000),
    unidentified_info: text(unknown.filter(Boolean), 50_000),
  };
}
