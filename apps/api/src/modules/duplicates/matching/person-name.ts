import { firstNameGender } from './first-names.ts';
import {
  hasCyrillic,
  hasLatin,
  isPatronymicSkeleton,
  patronymicGender,
  skeletonsOf,
  surnameStem,
} from './name-skeleton.ts';

// A person's full name read from the three name fields, in whatever order and script it came.

export type Gender = 'male' | 'female';

export type NameWord = {
  /** Phonetic skeletons (one, or two for a Latin «x»). */
  skeletons: string[];
  /** The same with the gender ending of a surname taken off (Иванова → иванов). */
  stems: string[];
  /** As typed, in lower case with ё as е: a typo is one edit here, maybe two in the skeleton. */
  plain: string;
  /** Known first name: its gender. */
  firstName: Gender | undefined;
  script: 'cyrillic' | 'latin';
  /** Digits typed in the word («Иванов2» from a test or an export): words differing here differ. */
  digits: string;
};

export type PersonName = {
  /** The name without the patronymic, in reading order: last, first, then middle field. */
  words: NameWord[];
  patronymic: string[] | null;
  gender: Gender | null;
};

const TURKIC_PARTICLE = new Set(['ogli', 'ogly', 'kizi', 'uli', 'ula', 'kiz']);

function wordOf(raw: string): NameWord | null {
  const skeletons = skeletonsOf(raw);
  if (skeletons.length === 0 || skeletons[0]!.length < 2) return null;
  return {
    skeletons,
    stems: [...new Set(skeletons.map(surnameStem))],
    plain: raw
      .toLowerCase()
      .replace(/ё/g, 'е')
      .replace(/[^\p{L}]/gu, ''),
    firstName: firstNameGender(skeletons[0]!),
    script: hasCyrillic(raw) || !hasLatin(raw) ? 'cyrillic' : 'latin',
    digits: raw.replace(/\D/g, ''),
  };
}

const split = (field: string | null) =>
  (field ?? '')
    .replace(/[‐‑–—]/g, '-')
    .split(/[\s,;]+/)
    .map((part) => part.replace(/^-+|-+$/g, ''))
    .filter(Boolean);

/** Reads the name fields: the patronymic is the middle name, or found by its ending. */
export function parsePersonName(
  lastName: string | null,
  firstName: string | null,
  middleName: string | null,
): PersonName {
  const middle = split(middleName);
  const raw = [...split(lastName), ...split(firstName)];
  let patronymicRaw: string | null = null;
  if (middle.length === 1) patronymicRaw = middle[0]!;
  else raw.push(...middle);
  let words = raw
    .map(wordOf)
    .filter((word): word is NameWord => word !== null)
    .filter((word) => !TURKIC_PARTICLE.has(word.skeletons[0]!));
  let patronymic = patronymicRaw === null ? null : (wordOf(patronymicRaw)?.skeletons ?? null);
  if (patronymic === null) {
    // «Иванова Мария Петровна» in one field: the patronymic is the word with its ending; with two
    // words only a feminine one is sure (a masculine -ич is also a surname: Рабинович).
    const sure = (word: NameWord) =>
      !word.firstName &&
      isPatronymicSkeleton(word.skeletons[0]!) &&
      (words.length >= 3 || patronymicGender(word.skeletons[0]!) === 'female');
    const found = words.findLastIndex(sure);
    if (found >= 0) {
      patronymic = words[found]!.skeletons;
      words = words.filter((_, index) => index !== found);
    }
  }
  const named = new Set(words.map((word) => word.firstName).filter(Boolean));
  const gender =
    (patronymic && patronymicGender(patronymic[0]!)) ||
    (named.size === 1 ? ([...named][0] ?? null) : null);
  return { words: words.slice(0, 3), patronymic, gender };
}
