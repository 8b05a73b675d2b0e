import { emailKey, phoneKey, resumeKey, telegramKey } from './contact-keys.ts';
import { compareNames } from './name-comparison.ts';
import { parsePersonName, type PersonName } from './person-name.ts';
import { birthdayKey, cityKey, companyKey } from './place-and-company.ts';

// Duplicate detection for one pair of applicants, and the blocking keys that find the pairs worth
// comparing. Pure: no database, no clock; the service stores the keys and the verdicts.

export type DoubleSubject = {
  /** 0 for a draft not yet saved. */
  id: number;
  firstName: string | null;
  lastName: string | null;
  middleName: string | null;
  /** ISO YYYY-MM-DD. */
  birthday: string | null;
  email: string | null;
  phone: string | null;
  tg: string | null;
  /** Extra phones, e-mails, Telegram, Skype, profile links. */
  contacts: { contact_type: string; value: string }[];
  /** hh.ru / Avito / SuperJob / Habr résumé links. */
  resumeUrls: string[];
  city: string | null;
  company: string | null;
};

export type DoubleVerdict = { level: 'certain' | 'probable'; score: number; reasons: string[] };

type Prepared = {
  /** Exact key → the reason shown when two applicants share it. */
  exact: Map<string, string>;
  name: PersonName;
  birthday: string | null;
  city: string | null;
  company: string | null;
  keys: string[] | null;
};

const MAX_KEYS = 16;
/** The score a fuzzy match needs to be shown as a probable double. */
export const PROBABLE_THRESHOLD = 0.5;

function addPhone(exact: Map<string, string>, raw: string) {
  const phone = phoneKey(raw);
  if (phone) exact.set(`phone:${phone}`, 'совпадает телефон');
}

function addContact(exact: Map<string, string>, type: string, raw: string) {
  if (!raw) return;
  if (type === 'phone' || type === 'whatsapp' || type === 'viber') return addPhone(exact, raw);
  if (type === 'email') {
    const email = emailKey(raw);
    if (email) exact.set(`email:${email}`, 'совпадает e-mail');
    return;
  }
  if (type === 'tg') {
    // A phone typed into the Telegram field is still that person's phone.
    if (/^\+?[\d\s()-]{10,}$/.test(raw.trim())) return addPhone(exact, raw);
    const handle = telegramKey(raw);
    if (handle) exact.set(`tg:${handle}`, 'совпадает Telegram');
    return;
  }
  if (type === 'skype') {
    const login = raw
      .trim()
      .toLowerCase()
      .replace(/^skype:/, '');
    if (/^[a-z][a-z0-9_.,:-]{5,31}$/.test(login)) exact.set(`skype:${login}`, 'совпадает Skype');
    return;
  }
  if (type === 'linkedin' || type === 'site' || type === 'vk' || type === 'other') {
    if (type === 'other' && raw.includes('@')) return addContact(exact, 'email', raw);
    addResume(exact, raw);
  }
}

function addResume(exact: Map<string, string>, raw: string) {
  const resume = resumeKey(raw);
  if (!resume) return;
  const reason =
    resume.site === 'LinkedIn'
      ? 'совпадает профиль LinkedIn'
      : resume.key.startsWith('resume:url:')
        ? 'совпадает ссылка на профиль'
        : `совпадает резюме на ${resume.site}`;
  exact.set(resume.key, reason);
}

function prepare(subject: DoubleSubject): Prepared {
  const exact = new Map<string, string>();
  if (subject.phone) addPhone(exact, subject.phone);
  if (subject.email) addContact(exact, 'email', subject.email);
  if (subject.tg) addContact(exact, 'tg', subject.tg);
  for (const contact of subject.contacts) addContact(exact, contact.contact_type, contact.value);
  for (const url of subject.resumeUrls) addResume(exact, url);
  return {
    exact,
    name: parsePersonName(subject.lastName, subject.firstName, subject.middleName),
    birthday: birthdayKey(subject.birthday),
    city: cityKey(subject.city),
    company: companyKey(subject.company),
    keys: null,
  };
}

// A scan compares each applicant with many others: read each one's fields once.
const prepared = new WeakMap<DoubleSubject, Prepared>();
function preparedOf(subject: DoubleSubject): Prepared {
  let found = prepared.get(subject);
  if (!found) {
    found = prepare(subject);
    prepared.set(subject, found);
  }
  return found;
}

/**
 * Name keys: the two main words of the name (gender-neutral stems, sorted, so any order and
 * surname form agree), and for typos one word exact with the first or last three letters of the
 * other. Never one word alone: thousands of people share «Мария» or «Иванов».
 */
function nameKeys(p: Prepared): string[] {
  const { words } = p.name;
  const keys: string[] = [];
  const initials: string[] = [];
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j < words.length; j++) {
      for (const x of words[i]!.stems) {
        for (const y of words[j]!.stems) {
          keys.push(`name:${[x, y].sort().join('|')}`);
          for (const [whole, part] of [
            [x, y],
            [y, x],
          ] as const) {
            keys.push(`namep:${whole}|${part.slice(0, 3)}`, `namep:${whole}|~${part.slice(-3)}`);
          }
        }
      }
    }
  }
  // Two typos, one in each word, still meet through the birthday and the initials.
  if (p.birthday && words.length >= 2) {
    for (const word of words.slice(0, 2)) initials.push(word.stems[0]!.charAt(0));
    keys.push(`nameb:${p.birthday}|${initials.sort().join('')}`);
  }
  return keys;
}

/** The blocking keys stored per applicant: two applicants that are doubles share ≥ 1 key. */
/**
 * The contact keys alone (phones, e-mails, Telegram, Skype, résumé links): the ones whose sharing
 * makes two applicants the same person rather than namesakes.
 */
export function contactKeysOf(subject: DoubleSubject): string[] {
  return [...preparedOf(subject).exact.keys()];
}

export function matchKeysOf(subject: DoubleSubject): string[] {
  const p = preparedOf(subject);
  if (!p.keys) {
    const all = new Set([...p.exact.keys(), ...nameKeys(p)]);
    p.keys = [...all].slice(0, MAX_KEYS);
  }
  return [...p.keys];
}

const round = (score: number) => Math.round(Math.min(1, Math.max(0, score)) * 100) / 100;

/** null = not doubles (including: relatives sharing a phone, namesakes). */
export function compareSubjects(a: DoubleSubject, b: DoubleSubject): DoubleVerdict | null {
  const pa = preparedOf(a);
  const pb = preparedOf(b);
  const keyReasons = new Set<string>();
  for (const [key, reason] of pa.exact) if (pb.exact.has(key)) keyReasons.add(reason);
  const name = compareNames(pa.name, pb.name);
  if (name.kind === 'conflict') return null;

  const evidence: string[] = [];
  let bonus = 0;
  const birthdayDiffers =
    pa.birthday !== null && pb.birthday !== null && pa.birthday !== pb.birthday;
  const sameBirthday = pa.birthday !== null && pa.birthday === pb.birthday;
  if (sameBirthday) {
    evidence.push('совпадает дата рождения');
    bonus += 0.3;
  }
  if (birthdayDiffers) evidence.push('разные даты рождения');
  const cityDiffers = pa.city !== null && pb.city !== null && pa.city !== pb.city;
  const companyDiffers = pa.company !== null && pb.company !== null && pa.company !== pb.company;
  if (pa.city && pa.city === pb.city) {
    evidence.push('совпадает город');
    bonus += 0.05;
  }
  if (pa.company && pa.company === pb.company) {
    evidence.push('совпадает компания');
    bonus += 0.05;
  }
  if (cityDiffers) {
    evidence.push('разные города');
    bonus -= 0.08;
  }
  if (companyDiffers) bonus -= 0.05;

  if (keyReasons.size > 0) {
    const reasons = [...keyReasons, ...name.reasons, ...evidence];
    // A shared contact with a changed surname or another birthday is worth a look, not sure.
    if (name.kind === 'surname-changed' || birthdayDiffers) {
      return { level: 'probable', score: round(0.55 + name.score / 4), reasons };
    }
    const score = 0.9 + 0.02 * keyReasons.size + (name.kind === 'full' ? 0.05 : 0) + bonus / 6;
    return { level: 'certain', score: round(score), reasons };
  }

  // No shared contact: only a full name match can make a probable double, and only without
  // strong evidence against (another birthday; another city and another company: namesakes,
  // unless the birthday is the same).
  const elsewhere = cityDiffers && companyDiffers && !sameBirthday;
  if (name.kind !== 'full' || birthdayDiffers || elsewhere) return null;
  const score = name.score + bonus;
  if (score < PROBABLE_THRESHOLD) return null;
  return {
    level: 'probable',
    score: round(Math.min(score, 0.89)),
    reasons: [...name.reasons, ...evidence],
  };
}
