import type { TCreateApplicantRequest } from '@ats/contracts/applicants';
import { listAccountSources } from './modules/account-sources/account-sources.service.ts';
import { createApplicant, updateApplicantTags } from './modules/applicants/applicants.service.ts';
import { createTag } from './modules/tags/tags.service.ts';
import type { Session } from './platform/auth.ts';
import type { Storage } from './platform/storage.ts';
import type { Tenant } from './platform/tenancy.ts';
import { demoRepeatOf } from './demo-doubles.ts';

// Realistic Russian applicants for the demo company: both genders, patronymics, a few names
// written in Latin, work periods with Russian résumé text. Deterministic, so every demo looks alike.

const MALE = {
  first: [
    'Александр',
    'Дмитрий',
    'Максим',
    'Сергей',
    'Андрей',
    'Алексей',
    'Иван',
    'Михаил',
    'Никита',
    'Егор',
    'Павел',
    'Роман',
  ],
  last: [
    'Иванов',
    'Смирнов',
    'Кузнецов',
    'Попов',
    'Васильев',
    'Петров',
    'Соколов',
    'Михайлов',
    'Новиков',
    'Фёдоров',
    'Морозов',
    'Волков',
    'Прохоров',
    'Лебедев',
  ],
  middle: [
    'Александрович',
    'Сергеевич',
    'Дмитриевич',
    'Андреевич',
    'Иванович',
    'Михайлович',
    'Петрович',
  ],
};
const FEMALE = {
  first: [
    'Анна',
    'Мария',
    'Елена',
    'Ольга',
    'Наталья',
    'Екатерина',
    'Татьяна',
    'Ирина',
    'Дарья',
    'Юлия',
    'Алёна',
    'Светлана',
  ],
  last: [
    'Иванова',
    'Смирнова',
    'Кузнецова',
    'Попова',
    'Васильева',
    'Петрова',
    'Соколова',
    'Михайлова',
    'Новикова',
    'Фёдорова',
    'Морозова',
    'Волкова',
    'Прохорова',
    'Ёлкина',
  ],
  middle: [
    'Александровна',
    'Сергеевна',
    'Дмитриевна',
    'Андреевна',
    'Ивановна',
    'Михайловна',
    'Петровна',
  ],
};
const LATIN = [
  ['Ivanov', 'Ivan'],
  ['Smirnova', 'Maria'],
  ['Petrov', 'Alexey'],
  ['Kuznetsova', 'Elena'],
] as const;

const PROFILES = [
  {
    position: 'Бухгалтер',
    skills: ['1С: Бухгалтерия', 'РСБУ', 'Excel'],
    text: 'Ведение бухгалтерского учёта по РСБУ в 1С, сверка с контрагентами, авансовые отчёты',
    salary: [70_000, 140_000],
  },
  {
    position: 'Главный бухгалтер',
    skills: ['РСБУ', 'МСФО', 'Налоговый учёт'],
    text: 'Руководство бухгалтерией, сдача отчётности, налоговое планирование',
    salary: [150_000, 260_000],
  },
  {
    position: 'Frontend-разработчик',
    skills: ['React', 'TypeScript', 'CSS'],
    text: 'Разработка интерфейсов на React и TypeScript, код-ревью, дизайн-система',
    salary: [180_000, 350_000],
  },
  {
    position: 'Backend-разработчик',
    skills: ['Node.js', 'PostgreSQL', 'SQL'],
    text: 'Проектирование API, оптимизация запросов PostgreSQL, очереди задач',
    salary: [200_000, 380_000],
  },
  {
    position: 'Менеджер по продажам',
    skills: ['B2B-продажи', 'Ведение переговоров', 'CRM'],
    text: 'Продажи B2B, холодные звонки, ведение клиентов в CRM, выполнение плана',
    salary: [60_000, 160_000],
  },
  {
    position: 'HR-специалист',
    skills: ['Подбор персонала', 'Кадровое делопроизводство'],
    text: 'Закрытие массовых и офисных вакансий, собеседования, адаптация',
    salary: [70_000, 130_000],
  },
  {
    position: 'Водитель категории C',
    skills: ['Категория C', 'Знание города'],
    text: 'Грузоперевозки по Москве и области, ведение путевых листов',
    salary: [80_000, 120_000],
  },
  {
    position: 'Кладовщик',
    skills: ['Складской учёт', 'WMS'],
    text: 'Приёмка и отгрузка товара, инвентаризация, работа с ТСД',
    salary: [50_000, 80_000],
  },
] as const;

const COMPANIES = [
  'Сбер',
  'Яндекс',
  'Ozon',
  'X5 Group',
  'Магнит',
  'ВкусВилл',
  'Ромашка',
  'Северсталь',
  'МТС',
  'Т-Банк',
];
const CITIES = [
  'Москва',
  'Санкт-Петербург',
  'Екатеринбург',
  'Казань',
  'Новосибирск',
  'Нижний Новгород',
  'Самара',
];
const TAGS = [
  { name: 'Сильный кандидат', color: '#16A34A' },
  { name: 'Резерв', color: '#6366F1' },
  { name: 'Переезд', color: '#F59E0B' },
  { name: 'Удалёнка', color: '#0EA5E9' },
  { name: 'Не звонить', color: '#DC2626' },
];

/** A tiny deterministic generator (mulberry32), so the demo is the same on every machine. */
function randomFrom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const between = (min: number, max: number) => Math.round(min + next() * (max - min));
  return { next, pick, between };
}

export function demoApplicant(index: number, sourceIds: number[]): TCreateApplicantRequest {
  const r = randomFrom(index + 1);
  const female = r.next() < 0.5;
  const names = female ? FEMALE : MALE;
  const latin = index % 40 === 7 ? r.pick(LATIN) : null;
  const profile = r.pick(PROFILES);
  const salary = Math.round(r.between(profile.salary[0], profile.salary[1]) / 5000) * 5000;
  const year = r.between(1975, 2003);
  const startYear = Math.min(2024, year + r.between(19, 25));
  const company = r.pick(COMPANIES);
  const phoneDigits = String(9_000_000_000 + index * 7919).slice(0, 10);
  return {
    last_name: latin ? latin[0] : r.pick(names.last),
    first_name: latin ? latin[1] : r.pick(names.first),
    middle_name: latin ? null : r.pick(names.middle),
    gender: female ? 'female' : 'male',
    birthday: `${year}-${String(r.between(1, 12)).padStart(2, '0')}-${String(r.between(1, 28)).padStart(2, '0')}`,
    phone: `+7 (${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6, 8)}-${phoneDigits.slice(8)}`,
    email: `candidate${index + 1}@example.ru`,
    position: profile.position,
    company,
    money: salary.toLocaleString('ru-RU'),
    currency: 'RUB',
    skills: [...profile.skills],
    total_experience: (2026 - startYear) * 12,
    experience: [
      {
        position: profile.position,
        company,
        date_start: `${startYear}-03-01`,
        date_end: null,
        is_now: true,
        description: profile.text,
        skills: [...profile.skills],
      },
    ],
    account_source_id: r.pick(sourceIds),
    source: 'web',
    // Drawn last, so adding it left every other field of the demo as it was.
    city: r.pick(CITIES),
  };
}

/** Adds `count` applicants (and the demo tags) to the demo company, as its admin would. */
export async function seedDemoApplicants(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  count: number,
) {
  const sources = await listAccountSources(tenant);
  const sourceIds = sources.map((s) => s.id);
  const tags = [];
  for (const tag of TAGS) tags.push(await createTag(tenant, session, tag));
  const ids: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const request =
      demoRepeatOf(index, (i) => demoApplicant(i, sourceIds), sources) ??
      demoApplicant(index, sourceIds);
    const applicant = await createApplicant(storage, tenant, session, request);
    ids.push(applicant.id);
    if (index % 4 === 0) {
      await updateApplicantTags(tenant, session, applicant.id, [tags[index % tags.length]!.id]);
    }
  }
  return ids;
}
