// A person's name in a résumé line: which word is the surname, which the patronymic.

export type PersonName = {
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
};

const WORD = /^[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё'’]*(?:-[A-ZА-ЯЁ][A-Za-zА-Яа-яЁё'’]*)?$/;
const PATRONYMIC = /(вич|вна|ична|инична|оглы|кызы|vich|vna|ichna)$/i;
const SURNAME =
  /(ов|ова|ев|ева|ёв|ёва|ин|ина|ын|ына|ский|ская|цкий|цкая|ской|ых|их|енко|ук|юк|швили|дзе|ян|янц|ov|ova|ev|eva|in|ina|sky|skiy|skaya|enko)$/i;
/** Frequent first names that end like surnames (Ирина, Константин): never taken as the surname. */
const FIRST_NAMES = new Set([
  'ирина',
  'марина',
  'алина',
  'полина',
  'кристина',
  'карина',
  'галина',
  'нина',
  'валентина',
  'екатерина',
  'арина',
  'ангелина',
  'регина',
  'эвелина',
  'каролина',
  'дина',
  'элина',
  'зарина',
  'константин',
  'валентин',
  'вениамин',
  'ян',
  'irina',
  'marina',
  'alina',
  'polina',
  'kristina',
  'karina',
  'galina',
  'nina',
  'valentina',
  'ekaterina',
  'konstantin',
  'valentin',
]);
const NOT_NAMES = new Set([
  'резюме',
  'resume',
  'cv',
  'curriculum',
  'vitae',
  'мужчина',
  'женщина',
  'контакты',
  'телефон',
  'email',
]);

const isCyrillic = (word: string) => /[А-Яа-яЁё]/.test(word);
/** ИВАНОВА → Иванова; names typed in capitals are kept as names, not shouted. */
const tidy = (word: string) =>
  word === word.toUpperCase() && word.length > 1
    ? word
        .toLowerCase()
        .replace(/(^|-)(\p{L})/gu, (_, dash: string, letter: string) => dash + letter.toUpperCase())
    : word;

const looksLikeSurname = (word: string) =>
  SURNAME.test(word) && !FIRST_NAMES.has(word.toLowerCase());

/**
 * The name when the whole line is one (2–3 capitalised words, no digits or punctuation), in the
 * order it is most likely written: Russian résumés put the surname first («Иванова Мария
 * Сергеевна»), Latin ones the given name («John Smith»), and a surname-looking word or a
 * patronymic settles the rest.
 */
export function parsePersonName(line: string): PersonName | null {
  const words = line.trim().split(/\s+/);
  if (words.length < 2 || words.length > 3) return null;
  if (!words.every((word) => WORD.test(word) && !NOT_NAMES.has(word.toLowerCase()))) return null;
  const [a, b, c] = words.map(tidy) as [string, string, string | undefined];
  if (c !== undefined) {
    if (PATRONYMIC.test(c)) return { last_name: a, first_name: b, middle_name: c };
    if (PATRONYMIC.test(b)) return { first_name: a, middle_name: b, last_name: c };
    return null;
  }
  const surnameFirst = isCyrillic(a)
    ? !(looksLikeSurname(b) && !looksLikeSurname(a))
    : looksLikeSurname(a) && !looksLikeSurname(b);
  return surnameFirst
    ? { last_name: a, first_name: b, middle_name: null }
    : { first_name: a, last_name: b, middle_name: null };
}

/** Мужчина/Женщина, or the patronymic's ending when the résumé does not say. */
export function genderOfPatronymic(middleName: string | null): 'male' | 'female' | null {
  if (!middleName) return null;
  if (/(вич|оглы|vich)$/i.test(middleName)) return 'male';
  if (/(вна|ична|кызы|vna|ichna)$/i.test(middleName)) return 'female';
  return null;
}
