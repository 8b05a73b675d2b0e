import type { Random } from './labelled-people.ts';

// How the same data gets written by different people and systems: a name in Latin by one of
// several schemes, a typo, a phone in another format. Used to build the labelled pairs.

export const SCHEMES = ['gost-b', 'icao', 'bgn', 'informal'] as const;
export type Scheme = (typeof SCHEMES)[number];

const BASE: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  з: 'z',
  и: 'i',
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
  ч: 'ch',
  ш: 'sh',
  ж: 'zh',
};

const VOWELS = 'аеёиоуыэюяьъй';

/** One letter in a scheme, given its neighbours (schemes differ after vowels and at the start). */
function letter(char: string, prev: string, next: string, scheme: Scheme, random: Random): string {
  const soft = prev === '' || VOWELS.includes(prev);
  switch (scheme) {
    case 'gost-b':
      return (
        {
          е: 'e',
          ё: 'yo',
          й: 'j',
          х: 'x',
          ц: 'иеыйяю'.includes(next) ? 'c' : 'cz',
          щ: 'shh',
          ъ: '``',
          ы: "y'",
          ь: '`',
          э: "e'",
          ю: 'yu',
          я: 'ya',
        }[char] ??
        BASE[char] ??
        char
      );
    case 'icao':
      return (
        {
          е: 'e',
          ё: 'e',
          й: 'i',
          х: 'kh',
          ц: 'ts',
          щ: 'shch',
          ъ: 'ie',
          ы: 'y',
          ь: '',
          э: 'e',
          ю: 'iu',
          я: 'ia',
        }[char] ??
        BASE[char] ??
        char
      );
    case 'bgn':
      return (
        {
          е: soft ? 'ye' : 'e',
          ё: soft ? 'yë' : 'ë',
          й: 'y',
          х: 'kh',
          ц: 'ts',
          щ: 'shch',
          ъ: '"',
          ы: 'y',
          ь: "'",
          э: 'e',
          ю: 'yu',
          я: 'ya',
        }[char] ??
        BASE[char] ??
        char
      );
    case 'informal': {
      const options: Record<string, string[]> = {
        е: soft && prev !== '' ? ['e', 'ye'] : ['e'],
        ё: ['e', 'yo', 'io'],
        й: next === '' ? ['y', 'i', 'j'] : ['y', 'i'],
        х: ['kh', 'h'],
        ц: ['ts', 'tz', 'c'],
        щ: ['sch', 'shch', 'sh'],
        ъ: [''],
        ы: ['y', 'i'],
        ь: next && VOWELS.includes(next) ? ['', 'i', 'y'] : [''],
        э: ['e'],
        ю: ['yu', 'ju', 'iu'],
        я: prev === 'и' ? ['a', 'ya', 'ia'] : ['ya', 'ia', 'ja'],
        к: next === 'с' ? ['k', 'x'] : ['k'],
      };
      const choice = options[char];
      return choice ? random.pick(choice) : (BASE[char] ?? char);
    }
  }
}

/** A Cyrillic word in Latin letters by the given scheme, capitalised. */
export function latinize(word: string, scheme: Scheme, random: Random): string {
  const chars = [...word.toLowerCase()];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const piece = letter(char, chars[i - 1] ?? '', chars[i + 1] ?? '', scheme, random);
    // «кс» written as a single x swallows the с.
    if (piece === 'x' && char === 'к') i++;
    out += piece;
  }
  if (scheme === 'informal') {
    out = out
      .replace(/iy$/, random.pick(['iy', 'y', 'i']))
      .replace(/ksandr$/, (m) => (random.chance(0.4) ? 'xander' : m));
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** One slip of the keyboard: a letter replaced, dropped, doubled or swapped with its neighbour. */
export function withTypo(word: string, random: Random): string {
  const chars = [...word];
  // Not the first letter: people rarely miss it, and it is what the eye checks first.
  const at = random.int(1, chars.length - 1);
  const kind = random.int(0, 3);
  const cyrillic = /[а-яё]/i.test(word);
  const letters = cyrillic ? 'аеиоунстрлвкмдп' : 'aeiounstrlvkmdp';
  if (kind === 0) chars[at] = random.pick([...letters]);
  else if (kind === 1 && chars.length > 4) chars.splice(at, 1);
  else if (kind === 2) chars.splice(at, 0, chars[at]!);
  else if (at < chars.length - 1) [chars[at], chars[at + 1]] = [chars[at + 1]!, chars[at]!];
  else chars[at] = random.pick([...letters]);
  return chars.join('');
}

/** A Russian mobile number written the way a person or a job site might write it. */
export function formatPhone(national: string, random: Random): string {
  const [a, b, c, d] = [
    national.slice(0, 3),
    national.slice(3, 6),
    national.slice(6, 8),
    national.slice(8),
  ];
  const formats = [
    `+7${national}`,
    `8${national}`,
    `7${national}`,
    national,
    `8 (${a}) ${b}-${c}-${d}`,
    `+7 (${a}) ${b}-${c}-${d}`,
    `+7 ${a} ${b} ${c} ${d}`,
    `8-${a}-${b}-${c}-${d}`,
    `+7(${a})${b}${c}${d} доб. ${random.int(1, 999)}`,
    `8 ${a} ${b}${c}${d} ext 12`,
  ];
  return random.pick(formats);
}

/** The same e-mail typed with capitals and stray spaces. */
export function shoutEmail(email: string, random: Random): string {
  const shouted = random.chance(0.5)
    ? email.toUpperCase()
    : email.charAt(0).toUpperCase() + email.slice(1);
  return random.chance(0.5) ? ` ${shouted} ` : shouted;
}
