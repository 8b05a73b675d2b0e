// The phonetic skeleton of one word of a name: the same string whether the word was typed in
// Cyrillic or in Latin by any of the usual schemes (GOST 7.79-2000 B, the passport/ICAO 2013
// scheme, BGN/PCGN, informal spellings), so that «Юлия», «Yuliya», «Iuliia» and «Julia» agree.
// Markers in capitals stand for the sounds Latin spells in several ways:
// S = ш/щ, C = ч, Z = ж, H = х, T = ц.

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian and Belarusian letters met in Russian HR data.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
};

/** Latin letters with diacritics used by ISO 9 / GOST A, Czech-style and German-style spellings. */
const LATIN_MARKED: [RegExp, string][] = [
  [/[šŝ]/g, 'sh'],
  [/ž/g, 'zh'],
  [/[čĉ]/g, 'ch'],
  [/ü/g, 'yu'],
  [/ä/g, 'ya'],
];

/** Applied in order to the Latin spelling; each line folds the spellings of one sound. */
const FOLDS: [RegExp, string][] = [
  [/ph/g, 'f'],
  [/tsch/g, 'C'],
  [/shch|shh|sch|sh/g, 'S'],
  [/tch|ch/g, 'C'],
  [/^dj/, 'dZ'],
  [/zh/g, 'Z'],
  [/kh|h/g, 'H'],
  [/ts|tz|cz/g, 'T'],
  [/ck/g, 'k'],
  [/c(?=[eiyj])/g, 'T'],
  [/c/g, 'k'],
  [/w/g, 'v'],
  [/q/g, 'k'],
  [/ff$/, 'v'],
  // Informal English forms: Alexander → Aleksandr, Peter → Petr.
  [/nder$/, 'ndr'],
  [/eter$/, 'etr'],
  // е written «ye» at the start and after a vowel (BGN: Yevgeniy, Sergeyev).
  [/^[yj]e/, 'e'],
  [/([aeiou])[yj]e/g, '$1e'],
  // ё written «yo», «jo» or «io» after a consonant (Fyodor, Semyon, Artyom, Piotr).
  [/([^aeiouyj])[yji]o/g, '$1e'],
  // й, ы, и, the soft sign spelled y, j or i: one letter (Yuriy, Iurii, Jurij, Yury).
  [/[yj]/g, 'i'],
  // ье after a consonant: Vasilyev, Vasiliev, Vasilev (ICAO drops the soft sign).
  [/([^aeiou])i+e/g, '$1e'],
  [/(.)\1+/g, '$1'],
];

const CYRILLIC_LETTER = /[а-яёіїєґў]/;

function fromCyrillic(word: string): string {
  let out = '';
  for (const char of word) out += CYRILLIC[char] ?? char;
  return out;
}

function fold(latin: string): string {
  let out = latin;
  for (const [pattern, replacement] of FOLDS) out = out.replace(pattern, replacement);
  return out;
}

function computeSkeletons(word: string): string[] {
  let text = word.toLowerCase();
  const cyrillic = CYRILLIC_LETTER.test(text);
  if (cyrillic) text = fromCyrillic(text);
  for (const [pattern, replacement] of LATIN_MARKED) text = text.replace(pattern, replacement);
  text = text.normalize('NFD').replace(/[^a-z]/g, '');
  if (!text) return [];
  // x is «кс» in informal spellings (Alexander, Xenia) and «х» in GOST 7.79 B (Xarlamov).
  if (!cyrillic && text.includes('x')) {
    return [...new Set([fold(text.replace(/x/g, 'ks')), fold(text.replace(/x/g, 'kh'))])];
  }
  return [fold(text)];
}

// Names repeat a lot (a few hundred first names cover most people), so skeletons are memoised;
// the cache is dropped when it grows past a bound so that a scan of 100k applicants stays small.
const cache = new Map<string, string[]>();
const CACHE_LIMIT = 200_000;

/** The skeletons of one word: usually one; two when a Latin «x» can be read two ways. */
export function skeletonsOf(word: string): string[] {
  let found = cache.get(word);
  if (found === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = computeSkeletons(word);
    cache.set(word, found);
  }
  return found;
}

export const hasCyrillic = (text: string) => /[А-Яа-яЁё]/.test(text);
export const hasLatin = (text: string) => /[A-Za-z]/.test(text);

/**
 * The stem shared by the masculine and feminine forms of a surname: Иванов/Иванова,
 * Ильин/Ильина, Вишневецкий/Вишневецкая, Толстой/Толстая. Surnames without gender (Лебедь,
 * Шевчук, Черных) stay as they are.
 */
export function surnameStem(skeleton: string): string {
  if (/(ov|ev|in)a$/.test(skeleton)) return skeleton.slice(0, -1);
  const adjectival = /^(.*[^aeiou])(aia|oi|i)$/.exec(skeleton);
  if (adjectival && adjectival[1]!.length >= 3) return adjectival[1]!;
  return skeleton;
}

/** Patronymics: -ович/-евич/-ич, -овна/-евна/-ична/-инична, Turkic оглы/кызы. */
export function isPatronymicSkeleton(skeleton: string): boolean {
  return /(oviC|eviC|iC|ovna|evna|iCna)$/.test(skeleton) && skeleton.length >= 5;
}

export function patronymicGender(skeleton: string): 'male' | 'female' | null {
  if (/(ovna|evna|iCna)$/.test(skeleton)) return 'female';
  if (/iC$/.test(skeleton)) return 'male';
  return null;
}
