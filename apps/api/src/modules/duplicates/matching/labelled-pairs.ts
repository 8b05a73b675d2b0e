import type { DoubleSubject } from './double-matching.ts';
import { shortFormsOf } from './first-names.ts';
import {
  CITIES,
  COMPANIES,
  FEMALE_NAMES,
  LOOKALIKE_FIRST_NAMES,
  LOOKALIKE_SURNAMES,
  MALE_NAMES,
  PATRONYMICS,
  SURNAMES,
  feminineSurname,
  masculineSurname,
  seededRandom,
  type Random,
} from './labelled-people.ts';
import { SCHEMES, formatPhone, latinize, shoutEmail, withTypo } from './labelled-spellings.ts';

// Labelled pairs of applicant records for measuring duplicate detection: the same person written
// the ways recruiters meet (positives), and different people who look alike (negatives).

export type LabelledPair = { category: string; same: boolean; a: DoubleSubject; b: DoubleSubject };

type Person = {
  gender: 'male' | 'female';
  first: string;
  last: string;
  patronymic: string;
  birthday: string;
  /** Ten digits of a Russian mobile number. */
  phone: string;
  email: string;
  tg: string;
  hhId: string;
  city: string;
  company: string;
};

const surnameFor = (masculine: string, gender: Person['gender']) =>
  gender === 'female' ? feminineSurname(masculine) : masculine;

function newPerson(random: Random, gender?: Person['gender']): Person {
  const g = gender ?? (random.chance(0.5) ? 'male' : 'female');
  const first = random.pick(g === 'male' ? MALE_NAMES : FEMALE_NAMES);
  const last = surnameFor(random.pick(SURNAMES), g);
  const login = latinize(last, 'icao', random)
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  return {
    gender: g,
    first,
    last,
    patronymic: random.pick(PATRONYMICS)[g === 'male' ? 0 : 1],
    birthday: `${random.int(1965, 2004)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    phone: `9${String(random.int(0, 999_999_999)).padStart(9, '0')}`,
    email: `${login}.${random.int(1, 99_999)}@${random.pick(['mail.ru', 'yandex.ru', 'gmail.com', 'bk.ru', 'inbox.ru'])}`,
    tg: `${login}_${random.int(10, 99_999)}`,
    hhId: Array.from({ length: 38 }, () => random.int(0, 15).toString(16)).join(''),
    city: random.pick(CITIES),
    company: random.pick(COMPANIES),
  };
}

/** How often each field is filled: the original record, and a record entered again later. */
type Presence = Record<
  'patronymic' | 'birthday' | 'phone' | 'email' | 'tg' | 'hh' | 'city' | 'company',
  number
>;
const ORIGINAL: Presence = {
  patronymic: 0.85,
  birthday: 0.65,
  phone: 0.9,
  email: 0.65,
  tg: 0.25,
  hh: 0.3,
  city: 0.8,
  company: 0.55,
};
const REENTRY: Presence = {
  patronymic: 0.6,
  birthday: 0.5,
  phone: 0.5,
  email: 0.4,
  tg: 0.15,
  hh: 0.15,
  city: 0.7,
  company: 0.45,
};

function recordOf(person: Person, presence: Presence, random: Random): DoubleSubject {
  const has = (field: keyof Presence) => random.chance(presence[field]);
  return {
    id: 0,
    lastName: person.last,
    firstName: person.first,
    middleName: has('patronymic') ? person.patronymic : null,
    birthday: has('birthday') ? person.birthday : null,
    phone: has('phone') ? formatPhone(person.phone, random) : null,
    email: has('email') ? person.email : null,
    tg: has('tg') ? `@${person.tg}` : null,
    contacts: [],
    resumeUrls: has('hh') ? [`https://hh.ru/resume/${person.hhId}`] : [],
    city: has('city') ? person.city : null,
    company: has('company') ? person.company : null,
  };
}

/** The same person a year later: maybe another job, rarely another city. */
function later(person: Person, random: Random): Person {
  return {
    ...person,
    city: random.chance(0.05) ? random.pick(CITIES) : person.city,
    company: random.chance(0.3) ? random.pick(COMPANIES) : person.company,
  };
}

function inLatin(record: DoubleSubject, random: Random): DoubleSubject {
  const scheme = random.pick(SCHEMES);
  const latin = (word: string | null) =>
    word === null
      ? null
      : word
          .split('-')
          .map((part) => latinize(part, scheme, random))
          .join('-');
  const first = latin(record.firstName);
  const last = latin(record.lastName);
  const middle = random.chance(0.3) ? latin(record.middleName) : null;
  if (random.chance(0.3)) {
    return { ...record, firstName: `${first} ${last}`, lastName: null, middleName: middle };
  }
  return { ...record, firstName: first, lastName: last, middleName: middle };
}

type Build = (random: Random) => [DoubleSubject, DoubleSubject];

function samePerson(change: (b: DoubleSubject, p: Person, random: Random) => DoubleSubject): Build {
  return (random) => {
    const person = newPerson(random);
    const a = recordOf(person, ORIGINAL, random);
    const b = recordOf(later(person, random), REENTRY, random);
    return [a, change(b, person, random)];
  };
}

/** A man's name and a short form that would as well be his sister's. */
const UNISEX_SHORT_FORMS: [string, string][] = [
  ['Александр', 'Саша'],
  ['Александр', 'Шура'],
  ['Евгений', 'Женя'],
  ['Валентин', 'Валя'],
];

const YO_NAMES = {
  male: ['Пётр', 'Семён', 'Артём', 'Фёдор'],
  female: ['Алёна'],
};
const YO_SURNAMES = SURNAMES.filter((s) => s.includes('ё'));

const POSITIVE: Record<string, Build> = {
  'ФИО в латинице': samePerson((b, _p, random) => inLatin(b, random)),
  'другой порядок': samePerson((b, p, random) =>
    random.chance(0.5)
      ? { ...b, lastName: p.first, firstName: p.last }
      : { ...b, lastName: `${p.first} ${p.last}`, firstName: null },
  ),
  'без отчества': samePerson((b) => ({ ...b, middleName: null })),
  'другая форма фамилии': samePerson((b, p, random) => {
    const other = p.gender === 'female' ? masculineSurname(p.last) : feminineSurname(p.last);
    const changed = { ...b, lastName: other };
    return random.chance(0.4) ? inLatin(changed, random) : changed;
  }),
  опечатка: samePerson((b, p, random) =>
    random.chance(0.7)
      ? { ...b, lastName: withTypo(p.last, random) }
      : { ...b, firstName: withTypo(p.first, random) },
  ),
  'ё и е': (random) => {
    const person = newPerson(random);
    if (random.chance(0.5) || person.gender === 'female') {
      person.last = surnameFor(random.pick(YO_SURNAMES), person.gender);
    } else {
      person.first = random.pick(YO_NAMES.male);
    }
    const a = recordOf(person, ORIGINAL, random);
    const b = recordOf(later(person, random), REENTRY, random);
    const plain = (word: string | null) => word?.replace(/ё/g, 'е').replace(/Ё/g, 'Е') ?? null;
    return [
      a,
      {
        ...b,
        lastName: plain(b.lastName),
        firstName: plain(b.firstName),
        middleName: plain(b.middleName),
      },
    ];
  },
  'телефон в другом формате': samePerson((b, p, random) => {
    const changed = { ...b, phone: formatPhone(p.phone, random), middleName: null };
    return random.chance(0.3) ? inLatin(changed, random) : changed;
  }),
  'e-mail в другом регистре': (random) => {
    const person = newPerson(random);
    const a = { ...recordOf(person, ORIGINAL, random), email: person.email };
    const b = recordOf(later(person, random), REENTRY, random);
    const changed = { ...b, email: shoutEmail(person.email, random) };
    return [a, random.chance(0.4) ? inLatin(changed, random) : changed];
  },
  'ссылка t.me': (random) => {
    const person = newPerson(random);
    const a = { ...recordOf(person, ORIGINAL, random), tg: `@${person.tg}` };
    const b = recordOf(later(person, random), REENTRY, random);
    const link = random.pick([
      `https://t.me/${person.tg}`,
      `t.me/${person.tg.toUpperCase()}`,
      `http://telegram.me/${person.tg}`,
      person.tg,
    ]);
    return [a, { ...b, tg: link }];
  },
  'резюме hh.ru со ссылкой': (random) => {
    const person = newPerson(random);
    const a = {
      ...recordOf(person, ORIGINAL, random),
      resumeUrls: [`https://hh.ru/resume/${person.hhId}`],
    };
    const b = recordOf(later(person, random), REENTRY, random);
    const url = random.pick([
      `https://spb.hh.ru/resume/${person.hhId}?hhtmFrom=resume_search_result`,
      `hh.kz/resume/${person.hhId}?query=менеджер`,
      `https://hh.ru/resume/${person.hhId.toUpperCase()}/`,
      `https://novosibirsk.hh.ru/resume/${person.hhId}#contacts`,
    ]);
    return [a, { ...b, resumeUrls: [url] }];
  },
  'уменьшительное имя и тот же телефон': (random) => {
    let person = newPerson(random);
    while (shortFormsOf(person.first).length === 0) person = newPerson(random);
    const a = { ...recordOf(person, ORIGINAL, random), phone: formatPhone(person.phone, random) };
    const b = recordOf(later(person, random), REENTRY, random);
    const changed = {
      ...b,
      firstName: random.pick(shortFormsOf(person.first)),
      middleName: null,
      phone: formatPhone(person.phone, random),
    };
    return [a, random.chance(0.3) ? inLatin(changed, random) : changed];
  },
  'только имя и телефон': (random) => {
    const person = newPerson(random);
    const a = { ...recordOf(person, ORIGINAL, random), phone: formatPhone(person.phone, random) };
    const b: DoubleSubject = {
      ...recordOf(person, ORIGINAL, random),
      lastName: random.chance(0.4) ? person.last : null,
      middleName: null,
      birthday: null,
      email: null,
      tg: null,
      resumeUrls: [],
      city: null,
      company: null,
      phone: formatPhone(person.phone, random),
    };
    return [a, b];
  },
};

function differentFirstName(random: Random, person: Person): string {
  const names = person.gender === 'male' ? MALE_NAMES : FEMALE_NAMES;
  let name = random.pick(names);
  while (name === person.first) name = random.pick(names);
  return name;
}

/** Someone of the same family: the surname in their gender's form, their own first name. */
function relativeOf(person: Person, random: Random): Person {
  const relative = newPerson(random);
  const masculine = masculineSurname(person.last);
  relative.last = surnameFor(masculine, relative.gender);
  if (relative.gender === person.gender) relative.first = differentFirstName(random, person);
  if (random.chance(0.4)) relative.patronymic = person.patronymic;
  relative.city = random.chance(0.7) ? person.city : relative.city;
  return relative;
}

function namesake(random: Random): [Person, Person] {
  const a = newPerson(random);
  const b = newPerson(random, a.gender);
  b.first = a.first;
  b.last = a.last;
  if (random.chance(0.3)) b.patronymic = a.patronymic;
  return [a, b];
}

const NEGATIVE: Record<string, Build> = {
  'тёзки с разными датами рождения': (random) => {
    const [p, q] = namesake(random);
    while (q.birthday === p.birthday) q.birthday = newPerson(random).birthday;
    const a = { ...recordOf(p, ORIGINAL, random), birthday: p.birthday };
    return [a, { ...recordOf(q, REENTRY, random), birthday: q.birthday }];
  },
  'тёзки из разных городов и компаний': (random) => {
    const [p, q] = namesake(random);
    while (q.city === p.city) q.city = random.pick(CITIES);
    while (q.company === p.company) q.company = random.pick(COMPANIES);
    const a = {
      ...recordOf(p, ORIGINAL, random),
      city: p.city,
      company: p.company,
      birthday: null,
    };
    return [a, { ...recordOf(q, REENTRY, random), city: q.city, company: q.company }];
  },
  'родственники с общим телефоном': (random) => {
    const person = newPerson(random);
    const relative = relativeOf(person, random);
    const a = { ...recordOf(person, ORIGINAL, random), phone: formatPhone(person.phone, random) };
    const b = { ...recordOf(relative, REENTRY, random), phone: formatPhone(person.phone, random) };
    return [a, b];
  },
  'родственники с общим e-mail': (random) => {
    const person = newPerson(random);
    const relative = relativeOf(person, random);
    const a = { ...recordOf(person, ORIGINAL, random), email: person.email };
    return [a, { ...recordOf(relative, REENTRY, random), email: person.email }];
  },
  'брат и сестра с общим телефоном, одна подписана «Саша»': (random) => {
    const [full, short] = random.pick(UNISEX_SHORT_FORMS);
    const person = { ...newPerson(random, 'male'), first: full };
    const sister = newPerson(random, 'female');
    sister.last = feminineSurname(person.last);
    sister.first = short;
    const a = { ...recordOf(person, ORIGINAL, random), phone: formatPhone(person.phone, random) };
    const b = { ...recordOf(sister, REENTRY, random), phone: formatPhone(person.phone, random) };
    return [a, { ...b, middleName: null }];
  },
  'похожая фамилия': (random) => {
    const person = newPerson(random);
    const [one, other] = random.pick(LOOKALIKE_SURNAMES);
    const alike = newPerson(random, person.gender);
    person.last = surnameFor(one, person.gender);
    alike.last = surnameFor(other, person.gender);
    alike.first = person.first;
    return [recordOf(person, ORIGINAL, random), recordOf(alike, REENTRY, random)];
  },
  'похожее имя': (random) => {
    const [one, other] = random.pick(LOOKALIKE_FIRST_NAMES);
    const gender = FEMALE_NAMES.includes(one) || /[ая]$/.test(one) ? 'female' : 'male';
    const person = newPerson(random, gender);
    const sibling = relativeOf(person, random);
    person.first = one;
    sibling.first = other;
    sibling.gender = gender;
    sibling.last = person.last;
    const a = recordOf(person, ORIGINAL, random);
    const b = recordOf(sibling, REENTRY, random);
    // Sisters and brothers often leave the family phone.
    return [a, random.chance(0.5) ? { ...b, phone: formatPhone(person.phone, random) } : b];
  },
};

/** count pairs from seed: about 60 % the same person, 40 % different people who look alike. */
export function labelledPairs(seed: number, count: number): LabelledPair[] {
  const random = seededRandom(seed);
  const positive = Object.entries(POSITIVE);
  const negative = Object.entries(NEGATIVE);
  const pairs: LabelledPair[] = [];
  let nextId = 1;
  for (let i = 0; i < count; i++) {
    const same = i % 5 < 3;
    const [category, build] = same
      ? positive[Math.floor(i / 5) % positive.length]!
      : negative[(Math.floor(i / 5) * 2 + (i % 5) - 3) % negative.length]!;
    const [a, b] = build(random);
    pairs.push({ category, same, a: { ...a, id: nextId++ }, b: { ...b, id: nextId++ } });
  }
  return pairs;
}
