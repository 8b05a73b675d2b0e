import { isShortFormOf } from './first-names.ts';
import type { NameWord, PersonName } from './person-name.ts';
import { editDistance, trigramSimilarity } from './string-distance.ts';

// How two full names relate: the same (in another script, order or surname form, or with a typo),
// only the first name the same (a changed surname), or different people.

type Relation = 'exact' | 'translit' | 'short' | 'form' | 'typo' | 'none';

export type NameMatch = {
  /** unknown: a side has no name; partial: one side has a single word and it matches;
   *  surname-changed: first names agree, surnames do not; conflict: different people. */
  kind: 'unknown' | 'full' | 'partial' | 'surname-changed' | 'conflict';
  /** Evidence of the name alone, 0–0.7. */
  score: number;
  reasons: string[];
};

const WEIGHT: Record<Relation, number> = {
  exact: 3,
  translit: 2.8,
  short: 2.6,
  form: 2.5,
  typo: 2,
  none: 0,
};

/** Edits allowed for a typo: none in a short word, one from 4 letters, two from 8. */
const allowedEdits = (length: number) => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

function minDistance(a: string[], b: string[], max: number): number {
  let best = max + 1;
  for (const x of a) for (const y of b) best = Math.min(best, editDistance(x, y, max));
  return best;
}

function relationOf(a: NameWord, b: NameWord): Relation {
  if (a.digits !== b.digits) return 'none';
  if (a.skeletons.some((s) => b.skeletons.includes(s))) return 'exact';
  if (isShortFormOf(a.skeletons, b.skeletons) || isShortFormOf(b.skeletons, a.skeletons)) {
    return 'short';
  }
  // Two different known first names (Мария/Марина, Евгений/Евгения) are two people, not a typo.
  if (a.firstName && b.firstName) return 'none';
  const x = a.skeletons[0]!;
  const y = b.skeletons[0]!;
  if (a.stems.some((s) => b.stems.includes(s))) return 'form';
  const length = Math.min(x.length, y.length);
  const max = allowedEdits(length);
  if (max === 0) return 'none';
  const distance = Math.min(
    minDistance(a.skeletons, b.skeletons, max),
    minDistance(a.stems, b.stems, max),
    a.script === b.script ? editDistance(a.plain, b.plain, max) : max + 1,
  );
  if (distance > max) return 'none';
  // One letter apart across scripts is a transliteration habit (Ludmila/Людмила), not a typo.
  return distance === 1 && a.script !== b.script ? 'translit' : 'typo';
}

type Pair = [number, number, Relation];

/** The pairings of 1–3 words with 1–3 words: every one-to-one map of the shorter side. */
const MAPS: number[][][] = [[], [[0], [1], [2]], [], []];
for (const i of [0, 1, 2]) {
  for (const j of [0, 1, 2]) if (i !== j) MAPS[2]!.push([i, j]);
}
for (const [i, j] of MAPS[2]!) MAPS[3]!.push([i!, j!, 3 - i! - j!]);

/** The best one-to-one pairing of the words of the shorter name with the longer one's. */
function bestAssignment(a: NameWord[], b: NameWord[]): Pair[] {
  const swap = a.length > b.length;
  const [short, long] = swap ? [b, a] : [a, b];
  const relations = short.map((word) => long.map((other) => relationOf(word, other)));
  let best: number[] = [];
  let bestWeight = -1;
  for (const map of MAPS[short.length]!) {
    if (map.some((j) => j >= long.length)) continue;
    let weight = 0;
    for (let i = 0; i < map.length; i++) weight += WEIGHT[relations[i]![map[i]!]!];
    if (weight > bestWeight) {
      bestWeight = weight;
      best = map;
    }
  }
  return best.map((j, i) => (swap ? [j, i, relations[i]![j]!] : [i, j, relations[i]![j]!]));
}

function comparePatronymics(a: string[] | null, b: string[] | null) {
  if (!a || !b) return a || b ? 'missing' : 'none';
  if (a.some((s) => b.includes(s))) return 'same';
  return minDistance(a, b, 1) <= 1 ? 'typo' : 'different';
}

const CONFLICT: NameMatch = { kind: 'conflict', score: 0, reasons: [] };

export function compareNames(a: PersonName, b: PersonName): NameMatch {
  if (a.words.length === 0 || b.words.length === 0) {
    return { kind: 'unknown', score: 0, reasons: [] };
  }
  if (a.gender && b.gender && a.gender !== b.gender) return CONFLICT;
  const patronymic = comparePatronymics(a.patronymic, b.patronymic);
  if (patronymic === 'different') return CONFLICT;
  const pairs = bestAssignment(a.words, b.words);
  const matched = pairs.filter(([, , relation]) => relation !== 'none');
  const shortLength = Math.min(a.words.length, b.words.length);
  if (matched.length < shortLength) {
    if (shortLength === 1) return CONFLICT;
    // A changed surname: the first names agree and the other words are surnames, not names.
    const firstNameAgrees = matched.some(
      ([i, j]) => a.words[i]!.firstName || b.words[j]!.firstName,
    );
    const othersAreSurnames = pairs
      .filter(([, , relation]) => relation === 'none')
      .every(([i, j]) => !a.words[i]!.firstName && !b.words[j]!.firstName);
    if (matched.length === 1 && shortLength === 2 && firstNameAgrees && othersAreSurnames) {
      return { kind: 'surname-changed', score: 0.25, reasons: ['другая фамилия'] };
    }
    return CONFLICT;
  }
  if (shortLength === 1) {
    return { kind: 'partial', score: 0.2, reasons: ['ФИО указано не полностью'] };
  }
  const count = (relation: Relation) => matched.filter(([, , r]) => r === relation).length;
  // A short form often fits both genders (Саша, Женя): with the surname in the other gender's
  // form it is as likely a brother or a sister as the same person.
  if (count('short') && count('form')) return CONFLICT;
  const typos = count('typo');
  const reasons: string[] = [typos ? 'опечатка в ФИО' : 'совпадает ФИО'];
  const scripts = (name: PersonName) => new Set(name.words.map((word) => word.script));
  const [sa, sb] = [scripts(a), scripts(b)];
  if ((sa.has('latin') && sb.has('cyrillic')) || (sa.has('cyrillic') && sb.has('latin'))) {
    if (sa.size === 1 || sb.size === 1) reasons.push('ФИО в латинице');
  }
  const crossed = matched.some(([i, j]) =>
    matched.some(([k, l]) => (i < k && j > l) || (i > k && j < l)),
  );
  if (crossed) reasons.push('ФИО в другом порядке');
  if (patronymic === 'missing') reasons.push('без отчества');
  if (count('form')) reasons.push('другая форма фамилии');
  if (count('short')) reasons.push('уменьшительное имя');
  let score = 0.6 - 0.02 * count('form') - 0.05 * count('short');
  // Trigram similarity grades a typo: one slip in a long name leaves most trigrams intact and is
  // surer than one in a short name, where it may as well be another name (Иванов/Иванцов).
  for (const [i, j, relation] of matched) {
    if (relation !== 'typo') continue;
    const [x, y] = [a.words[i]!.skeletons[0]!, b.words[j]!.skeletons[0]!];
    score += -0.3 + 0.25 * trigramSimilarity(x, y) + (Math.min(x.length, y.length) >= 8 ? 0.05 : 0);
  }
  if (patronymic === 'same') score += 0.1;
  if (patronymic === 'typo') score += 0.05;
  return { kind: 'full', score: Math.max(0.1, score), reasons };
}
