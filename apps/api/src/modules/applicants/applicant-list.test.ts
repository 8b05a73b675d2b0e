import { ZApplicantListResponse } from '@ats/contracts/applicant-list';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertApplicants,
  insertHardSkills,
  insertSource,
  insertTag,
  tagApplicants,
} from '../../../test/applicant-factory.ts';
import { addTeamMember, signUpCompany, type SignedUp } from '../../../test/factories.ts';
import { systemRows } from '../../../test/db-helpers.ts';
import { insertVacancyWithStages } from '../../../test/pipeline-factory.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { readAsContractWrites } from '../../../test/answer-text.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let hr: SignedUp;
let colleague: Awaited<ReturnType<typeof addTeamMember>>;
const id: Record<string, number> = {};
const tag: Record<string, number> = {};
const source: Record<string, number> = {};
const placement: Record<string, number> = {};
const SKILL_REACT = 2_000_000_001;
const SKILL_SQL = 2_000_000_002;

/** A birthday that makes the applicant exactly `years` old today (a few days past it). */
const birthdayForAge = (years: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - 10);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};

type Item = { id: number; last_name: string | null; first_name: string | null };
const list = async (query = '', token = hr.token) => {
  const response = await call(
    t.app,
    'GET',
    `/api/applicants${query ? `?${query}` : ''}`,
    undefined,
    {
      token,
    },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message as {
    applicants: Item[];
    applicant_count: number;
    page: number;
    per_page: number;
  };
};
const names = async (query: string) =>
  (await list(query)).applicants.map((a) => [a.last_name, a.first_name].filter(Boolean).join(' '));

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
  colleague = await addTeamMember(t.app, hr.token, { member_type: 'owner', is_admin: false });
  const db = t.database;
  const account = hr.accountId;
  await insertHardSkills(db, [
    { id: SKILL_REACT, name: 'React' },
    { id: SKILL_SQL, name: 'SQL' },
  ]);
  source.hh = await insertSource(db, account, 'hh.ru (тест)');
  source.referral = await insertSource(db, account, 'Рекомендация (тест)');
  tag.senior = await insertTag(db, account, 'Сеньор', '#00AA00');
  tag.reserve = await insertTag(db, account, 'Кадровый резерв', '#0000FF');

  const named = {
    ivanova: {
      lastName: 'Иванова',
      firstName: 'Мария',
      middleName: 'Петровна',
      gender: 'female' as const,
      birthday: birthdayForAge(34),
      position: 'HR-менеджер',
      money: '90 000',
      salaryAmount: 90000,
      currency: 'RUB',
      accountSourceId: source.hh,
      email: 'maria.ivanova@example.ru',
    },
    ivanov: {
      lastName: 'Иванов',
      firstName: 'Иван',
      middleName: 'Иванович',
      birthday: birthdayForAge(40),
      position: 'Frontend-разработчик',
      company: 'Яндекс',
      skills: ['react', 'TypeScript'],
      money: '250000',
      salaryAmount: 250000,
      currency: 'RUB',
      phone: '+7 (916) 123-45-67',
      tg: '@ivanov_dev',
      email: 'Ivan.Ivanov@Mail.ru',
      employments: [1, 3],
      accountSourceId: source.referral,
      adminUserId: hr.userId,
      totalExperience: 48,
    },
    latinIvanov: {
      lastName: 'Ivanov',
      firstName: 'Ivan',
      position: 'Backend Developer',
      skills: ['SQL', 'Go'],
      money: '3000',
      salaryAmount: 3000,
      currency: 'USD',
      countryId: 2,
      birthday: birthdayForAge(29),
    },
    prokhorov: {
      lastName: 'Прохоров',
      firstName: 'Алексей',
      position: 'Аналитик данных',
      company: 'Сбер',
      skills: ['sql', 'Python'],
      totalExperience: 72,
      countryId: 1,
      experience: [{ company: 'NeuroCity', position: 'Аналитик', is_now: false, skills: [] }],
      adminUserId: colleague.userId,
    },
    yolkina: {
      lastName: 'Ёлкина',
      firstName: 'Ольга',
      position: 'Дизайнер',
      birthday: birthdayForAge(25),
      contacts: [{ contact_type: 'phone', value: '8 (903) 555-12-34', is_prefered: true }],
    },
    accountant: {
      lastName: 'Смирнова',
      firstName: 'Анна',
      position: 'Главный бухгалтер',
      experience: [
        {
          company: 'ООО «Ромашка»',
          position: 'Бухгалтер',
          description: 'Ведение бухгалтерии по РСБУ, 1С, сдача отчётности',
          is_now: true,
          skills: [],
        },
      ],
      money: '120000',
      salaryAmount: 120000,
      currency: 'RUB',
      employments: [2],
    },
    kuznetsov: {
      lastName: 'Кузнецов',
      firstName: 'Дмитрий',
      position: 'React-разработчик',
      skills: ['React', 'SQL'],
      money: '180 000',
      salaryAmount: 180000,
      currency: 'RUB',
      birthday: birthdayForAge(31),
      adminUserId: hr.userId,
    },
  };
  const filler = [
    'Соколов',
    'Попова',
    'Лебедев',
    'Козлова',
    'Новиков',
    'Морозова',
    'Петров',
    'Волкова',
    'Соловьёв',
    'Васильева',
    'Зайцев',
    'Павлова',
    'Семёнов',
    'Голубева',
    'Виноградов',
    'Богданова',
    'Воробьёв',
    'Фёдорова',
  ].map((lastName, i) => ({
    lastName,
    firstName: i % 2 ? 'Елена' : 'Сергей',
    position: 'Менеджер по продажам',
    money: String(60000 + i * 1000),
    salaryAmount: 60000 + i * 1000,
    currency: 'RUB',
  }));
  const entries = Object.entries(named);
  const ids = await insertApplicants(db, account, [...entries.map(([, seed]) => seed), ...filler]);
  entries.forEach(([key], i) => (id[key] = ids[i]!));
  id.firstFiller = ids[entries.length]!;
  // Прохоров is on a vacancy, at its «Интервью с HR» stage.
  const vacancy = await insertVacancyWithStages(db, account, { position: 'Аналитик' });
  placement.vacancy = vacancy.id;
  placement.status = vacancy.stage('Интервью с HR').id;
  placement.otherStatus = vacancy.stage('Оффер').id;
  const placed = await call(
    t.app,
    'POST',
    '/api/applications',
    { applicant_id: id.prokhorov, vacancy_id: vacancy.id, status_id: placement.status },
    { token: hr.token },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  id.newest = ids.at(-1)!;
  await insertApplicants(db, account, [
    {
      lastName: 'Архивов',
      firstName: 'Архип',
      archivedAt: new Date(),
      position: 'Менеджер по продажам',
    },
  ]);
  await tagApplicants(db, account, tag.senior, [id.ivanov!, id.kuznetsov!]);
  await tagApplicants(db, account, tag.reserve, [id.ivanova!, id.ivanov!]);
});

afterAll(async () => {
  await t?.close();
});

describe('the applicant list', () => {
  it('answers the first page of the active base, newest first, with tags, source, age and photo', async () => {
    const page = await list();
    expect(page).toMatchObject({ applicant_count: 25, page: 1, per_page: 30 });
    expect(page.applicants).toHaveLength(25);
    expect(page.applicants[0]!.id).toBe(id.newest);
    expect(page.applicants.map((a) => a.last_name)).not.toContain('Архивов');
    const ivanov = page.applicants.find((a) => a.id === id.ivanov);
    expect(ivanov).toEqual({
      id: id.ivanov,
      first_name: 'Иван',
      last_name: 'Иванов',
      middle_name: 'Иванович',
      photo: null,
      position: 'Frontend-разработчик',
      company: 'Яндекс',
      email: 'Ivan.Ivanov@Mail.ru',
      phone: '+7 (916) 123-45-67',
      tg: '@ivanov_dev',
      money: '250000',
      currency: 'RUB',
      age: 40,
      tags: [
        { id: tag.reserve, name: 'Кадровый резерв', color: '#0000FF', icon: null },
        { id: tag.senior, name: 'Сеньор', color: '#00AA00', icon: null },
      ],
      account_source_id: source.referral,
      source_name: 'Рекомендация (тест)',
      source_icon: null,
      admin_user_id: hr.userId,
      created_at: expect.stringMatching(/^2024-01-01T\d\d:\d\d:00\.000Z$/),
      applications: [],
    });
  });

  it('names the vacancies and stages each applicant is on (the «Вакансия и этап» column)', async () => {
    const page = await list(`vacancy_id=${placement.vacancy}`);
    expect(
      page.applicants.map((a) => (a as unknown as { applications: unknown }).applications),
    ).toEqual([
      [
        {
          vacancy_id: placement.vacancy,
          vacancy_name: 'Аналитик',
          status_id: placement.status,
          status_name: 'Интервью с HR',
          status_color: expect.stringMatching(/^#/),
        },
      ],
    ]);
  });

  it('reads a page in one SQL statement (count, rows, tags and source together)', async () => {
    const counter = countStatements(t.database);
    try {
      await list('search=Иванова&tags[]=' + tag.reserve + '&per_page=10');
      await list('page=2&per_page=10&sort=name_asc');
    } finally {
      counter.stop();
    }
    const statements = counter.dataStatements();
    const sessionLookups = statements.filter((s) => /from sessions s/.test(s));
    const listStatements = statements.filter((s) => !/from sessions s/.test(s));
    // The session comes from the process's cache once read (decision 0012).
    expect(sessionLookups.length).toBeLessThanOrEqual(2);
    expect(listStatements, listStatements.join('\n---\n')).toHaveLength(2);
  });
});

describe('the page as its statement wrote it', () => {
  // The statement writes the page's JSON text and the API sends it as it is (decision 0110): it
  // must be what JSON.stringify of the checked answer gives, escapes and every path included.
  const sent = (token: string, query: string) =>
    readAsContractWrites(t.app, token, `/api/applicants?${query}`, ZApplicantListResponse);

  it('is byte for byte what the contract writes, for every kind of page', async () => {
    for (const query of [
      'per_page=30',
      'search=Иванова',
      `tags[]=${tag.reserve}`,
      'sort=name_asc&page=2&per_page=5',
      `vacancy_id=${placement.vacancy}`,
      'search=Иванова&page=40',
      'search=нетникого',
    ]) {
      await sent(hr.token, query);
    }
  });

  it('holds any text, a photo, a placement and the time of creation cut to milliseconds', async () => {
    const other = await signUpCompany(t.app, { company: 'ООО «Текст как есть»' });
    const db = t.database;
    const odd = 'Кавычка " и \\ слэш\nперенос\tтаб \u0001\u001f \u2028 😀 </script>';
    const sourceId = await insertSource(db, other.accountId, odd);
    const [applicantId] = await insertApplicants(db, other.accountId, [
      {
        lastName: odd,
        firstName: 'Ёлка',
        photoFileId: 4242,
        company: odd,
        money: '100 000',
        accountSourceId: sourceId,
        createdAt: new Date('2026-01-02T03:04:05.678Z'),
      },
    ]);
    const tagId = await insertTag(db, other.accountId, odd);
    await tagApplicants(db, other.accountId, tagId, [applicantId!]);
    await db.withTenant(other.accountId, (tx) =>
      tx.execute(sql`update applicants set created_at = created_at + interval '999 microseconds'
                     where account_id = ${other.accountId}::int and id = ${applicantId}::int`),
    );
    const vacancy = await insertVacancyWithStages(db, other.accountId, { position: odd });
    const placed = await call(
      t.app,
      'POST',
      '/api/applications/bulk',
      { applicant_ids: [applicantId], vacancy_id: vacancy.id },
      { token: other.token },
    );
    expect(placed.status).toBe(200);
    const page = await sent(other.token, 'per_page=30');
    expect(page).toMatchObject({ applicant_count: 1, applicant_count_capped: false });
    expect(page.applicants[0]).toMatchObject({
      id: applicantId,
      last_name: odd,
      first_name: 'Ёлка',
      middle_name: null,
      photo: '/api/files/4242',
      company: odd,
      money: '100 000',
      age: null,
      tags: [{ id: tagId, name: odd, color: '#FF0000', icon: null }],
      source_name: odd,
      created_at: '2026-01-02T03:04:05.678Z',
      applications: [expect.objectContaining({ vacancy_id: vacancy.id, vacancy_name: odd })],
    });
  });
});

describe('search that understands Russian', () => {
  it("'Иванова' finds Иванова, Иванов and Ivanov, the exact name first", async () => {
    const found = await names('search=Иванова');
    expect(found[0]).toBe('Иванова Мария');
    expect(found).toEqual(expect.arrayContaining(['Иванов Иван', 'Ivanov Ivan']));
    expect(found).not.toContain('Кузнецов Дмитрий');
  });

  it("a typo 'Иваноф' still finds Иванов; Latin 'ivanov' finds the Cyrillic one", async () => {
    expect(await names('search=Иваноф')).toContain('Иванов Иван');
    expect(await names('search=ivanov')).toEqual(
      expect.arrayContaining(['Иванов Иван', 'Ivanov Ivan']),
    );
  });

  it("'елкина' finds Ёлкина; 'Прохорова' finds Прохоров", async () => {
    expect(await names('search=елкина')).toEqual(['Ёлкина Ольга']);
    expect(await names('search=Прохорова')).toContain('Прохоров Алексей');
  });

  it("résumé text: 'бухгалтерия' finds the accountant through Russian stemming", async () => {
    expect(await names(`search=${encodeURIComponent('бухгалтерия')}`)).toEqual(['Смирнова Анна']);
    expect(await names(`search=${encodeURIComponent('РСБУ')}`)).toEqual(['Смирнова Анна']);
  });
});

describe('search in two stages: exact words first, trigrams only for typos', () => {
  let other: SignedUp;
  const search = async (text: string, page = 1) => {
    const response = await call(
      t.app,
      'GET',
      `/api/applicants?search=${encodeURIComponent(text)}&page=${page}`,
      undefined,
      { token: other.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.message as {
      applicants: Item[];
      applicant_count: number;
      applicant_count_capped: boolean;
    };
  };
  const surnames = async (text: string) => (await search(text)).applicants.map((a) => a.last_name);

  beforeAll(async () => {
    other = await signUpCompany(t.app);
    await insertApplicants(t.database, other.accountId, [
      {
        lastName: 'Кузнецов',
        firstName: 'Глеб',
        aboutMe: 'Рекомендует Иванов Олег, руководитель отдела',
      },
      { lastName: 'Иванов', firstName: 'Олег' },
      { lastName: 'Ивашов', firstName: 'Пётр' },
      { lastName: 'Вишневецкая', firstName: 'Алла' },
      ...Array.from({ length: 1005 }, (_, n) => ({
        lastName: `Складской${n}`,
        firstName: 'Сотрудник',
        position: 'Кладовщик',
      })),
    ]);
  });

  it('a name found by its words ranks above a mention in a résumé; no fuzzy lookalikes then', async () => {
    const found = await surnames('Иванов');
    expect(found[0]).toBe('Иванов');
    expect(found).toContain('Кузнецов');
    expect(found).not.toContain('Ивашов');
  });

  it("the masculine form and Latin find the feminine: 'Вишневецкий', 'Vishnevetskaya'", async () => {
    expect(await surnames('Вишневецкий')).toEqual(['Вишневецкая']);
    expect(await surnames('Vishnevetskaya')).toEqual(['Вишневецкая']);
  });

  it('a typo with no exact match falls back to trigram similarity', async () => {
    expect(await surnames('Ивашев')).toContain('Ивашов');
    expect(await surnames('Вишневецкя')).toEqual(['Вишневецкая']);
  });

  it('a search lists its best 1,000 and says there are more', async () => {
    const first = await search('кладовщик');
    expect(first.applicant_count).toBe(1000);
    expect(first.applicant_count_capped).toBe(true);
    expect(first.applicants).toHaveLength(30);
    const last = await search('кладовщик', 34);
    expect(last.applicants).toHaveLength(10);
    expect((await search('кладовщик', 35)).applicants).toEqual([]);
    const rare = await search('Вишневецкая');
    expect(rare).toMatchObject({ applicant_count: 1, applicant_count_capped: false });
  });

  it('past 1,000 résumé matches its pages are the newest 1,000, newest first, none twice', async () => {
    const ids = async (query: string) => {
      const all: number[] = [];
      for (let page = 1; page <= 34; page++) {
        const response = await call(
          t.app,
          'GET',
          `/api/applicants?${query}&page=${page}`,
          undefined,
          { token: other.token },
        );
        expect(response.status).toBe(200);
        all.push(...(response.body.message as { applicants: Item[] }).applicants.map((a) => a.id));
      }
      return all;
    };
    const byRelevance = await ids('search=кладовщик');
    expect(new Set(byRelevance).size).toBe(1000);
    // Résumé hits rank alike: the same order as the newest-first list of the same search.
    const newest = await ids('search=кладовщик&sort=created_desc');
    expect(byRelevance).toEqual(newest.slice(0, 1000));
  });
});

describe('every filter of the list', () => {
  const only = async (query: string) =>
    (await list(query)).applicants.map((a) => a.id).sort((a, b) => a - b);
  const sorted = (...keys: string[]) => keys.map((k) => id[k]!).sort((a, b) => a - b);

  it('source, tags (bracketed, repeated or comma list), country, recruiter, only mine', async () => {
    expect(await only(`account_source_id=${source.hh}`)).toEqual(sorted('ivanova'));
    expect(await only(`tags[]=${tag.senior}`)).toEqual(sorted('ivanov', 'kuznetsov'));
    expect(await only(`tags=${tag.senior},${tag.reserve}`)).toEqual(
      sorted('ivanov', 'kuznetsov', 'ivanova'),
    );
    expect(await only(`tags=${tag.senior}&tags=${tag.reserve}`)).toEqual(
      sorted('ivanov', 'kuznetsov', 'ivanova'),
    );
    expect(await only('country_id=2')).toEqual(sorted('latinIvanov'));
    expect(await only(`admin_user_id=${colleague.userId}`)).toEqual(sorted('prokhorov'));
    expect(await only('only_mine=true')).toEqual(sorted('ivanov', 'kuznetsov'));
    expect((await list('only_mine=false')).applicant_count).toBe(25);
  });

  it('skills from the dictionary, any letter case, every chosen skill required', async () => {
    expect(await only(`skill_ids[]=${SKILL_REACT}`)).toEqual(sorted('ivanov', 'kuznetsov'));
    expect(await only(`skill_ids[]=${SKILL_SQL}`)).toEqual(
      sorted('latinIvanov', 'prokhorov', 'kuznetsov'),
    );
    expect(await only(`skill_ids[]=${SKILL_REACT}&skill_ids[]=${SKILL_SQL}`)).toEqual(
      sorted('kuznetsov'),
    );
    expect(await only('skill_ids[]=2000000999')).toEqual([]);
  });

  it('position and company (also in the work history), experience in years', async () => {
    expect(await only(`position=${encodeURIComponent('разработчик')}`)).toEqual(
      sorted('ivanov', 'kuznetsov'),
    );
    expect(await only('company=neurocity')).toEqual(sorted('prokhorov'));
    expect(await only(`company=${encodeURIComponent('яндекс')}`)).toEqual(sorted('ivanov'));
    expect(await only(`company=${encodeURIComponent('100%')}`)).toEqual([]);
    expect(await only('total_experience=5')).toEqual(sorted('prokhorov'));
    expect(await only('total_experience=4')).toEqual(sorted('ivanov', 'prokhorov'));
  });

  it('age range from the birthday', async () => {
    expect(await only('age_from=30&age_to=35')).toEqual(sorted('ivanova', 'kuznetsov'));
    expect(await only('age_to=29')).toEqual(sorted('latinIvanov', 'yolkina'));
    expect(await only('age_from=40')).toEqual(sorted('ivanov'));
  });

  it('salary range and currency, employment types', async () => {
    expect(await only('salary_from=150000&currency=rub')).toEqual(sorted('ivanov', 'kuznetsov'));
    expect(await only('salary_from=100000&salary_to=200000')).toEqual(
      sorted('accountant', 'kuznetsov'),
    );
    expect(await only('currency=USD')).toEqual(sorted('latinIvanov'));
    expect(await only('employments[]=2&employments[]=3')).toEqual(sorted('ivanov', 'accountant'));
  });

  it('contacts: email, phone by digits whatever the formatting, Telegram handle', async () => {
    expect(await only('email=ivan.ivanov@mail')).toEqual(sorted('ivanov'));
    expect(await only(`phone=${encodeURIComponent('8 916 123 45 67')}`)).toEqual(sorted('ivanov'));
    expect(await only(`phone=${encodeURIComponent('+7 903 555')}`)).toEqual(sorted('yolkina'));
    expect(await only('phone=1234567')).toEqual(sorted('ivanov'));
    expect(await only('tg=@ivanov_dev')).toEqual(sorted('ivanov'));
    expect(await only(`tg=${encodeURIComponent('https://t.me/ivanov_dev')}`)).toEqual(
      sorted('ivanov'),
    );
  });

  it('vacancy and stage: the applicants on that vacancy (at that stage); an unknown vacancy matches nobody', async () => {
    const { vacancy, status, otherStatus } = placement;
    expect(await only(`vacancy_id=${vacancy}`)).toEqual(sorted('prokhorov'));
    expect(await only(`vacancy_id=${vacancy}&status_id=${status}`)).toEqual(sorted('prokhorov'));
    expect(await only(`status_id=${status}`)).toEqual(sorted('prokhorov'));
    expect(await only(`vacancy_id=${vacancy}&status_id=${otherStatus}`)).toEqual([]);
    expect(await only(`vacancy_id=${vacancy! + 1000}`)).toEqual([]);
  });

  it('change dates (inclusive days in Moscow)', async () => {
    await t.database.withTenant(hr.accountId, (tx) =>
      tx.execute(
        `update applicants set updated_at = '2024-09-01 23:30:00+03' where id = ${id.yolkina}`,
      ),
    );
    expect(await only('status_from=2024-09-01&status_to=2024-09-01')).toEqual(sorted('yolkina'));
    expect(await only('status_from=01.09.2024&status_to=02.09.2024')).toEqual(sorted('yolkina'));
    expect(await only('status_from=2024-09-02')).toEqual([]);
    expect((await list('status_to=2024-08-31')).applicant_count).toBe(24);
  });

  it('dates added (inclusive days in Moscow), the range checked', async () => {
    await t.database.withTenant(hr.accountId, (tx) =>
      tx.execute(
        `update applicants set created_at = '2025-03-10 23:30:00+03' where id = ${id.kuznetsov}`,
      ),
    );
    await t.database.withTenant(hr.accountId, (tx) =>
      tx.execute(
        `update applicants set created_at = '2025-03-11 00:10:00+03' where id = ${id.accountant}`,
      ),
    );
    expect(await only('created_from=2025-03-10&created_to=2025-03-10')).toEqual(
      sorted('kuznetsov'),
    );
    expect(await only('created_from=10.03.2025')).toEqual(sorted('kuznetsov', 'accountant'));
    expect(await only('created_from=2025-03-11&created_to=2025-03-11')).toEqual(
      sorted('accountant'),
    );
    expect((await list('created_to=2025-03-09')).applicant_count).toBe(23);
    const bad = await call(
      t.app,
      'GET',
      '/api/applicants?created_from=2025-03-12&created_to=2025-03-11',
      undefined,
      {
        token: hr.token,
      },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Дата добавления «с» позже, чем «по»');
  });

  it('filters combine, and empty parameters are ignored', async () => {
    expect(await only(`search=Иванов&tags[]=${tag.senior}&salary_from=200000`)).toEqual(
      sorted('ivanov'),
    );
    expect((await list('search=&position=&tags=&age_from=&sort=')).applicant_count).toBe(25);
  });
});

describe('sorting', () => {
  it('created_desc by default, created_asc, name_asc (ё as е), salary_desc, relevance', async () => {
    const ids = async (q: string) => (await list(q)).applicants.map((a) => a.id);
    const newestFirst = await ids('');
    expect(await ids('sort=created_asc')).toEqual([...newestFirst].reverse());
    const byName = (await list('sort=name_asc')).applicants.map((a) => a.last_name);
    const cyrillic = byName.filter((n) => /[а-яё]/i.test(n!));
    expect(cyrillic.slice(0, 4)).toEqual(['Богданова', 'Васильева', 'Виноградов', 'Волкова']);
    expect(cyrillic.indexOf('Ёлкина')).toBeGreaterThan(cyrillic.indexOf('Голубева'));
    expect(cyrillic.indexOf('Ёлкина')).toBeLessThan(cyrillic.indexOf('Зайцев'));
    const bySalary = (await list('sort=salary_desc&per_page=3')).applicants.map((a) => a.id);
    expect(bySalary).toEqual([id.ivanov, id.kuznetsov, id.accountant]);
    expect((await list('search=Иванова&sort=relevance')).applicants[0]!.id).toBe(id.ivanova);
    expect((await list('sort=relevance')).applicants.map((a) => a.id)).toEqual(newestFirst);
  });
});

describe('pagination', () => {
  it('65 applicants: pages of 30, 30 and 5, the count on every page; per_page 101 is refused', async () => {
    const other = await signUpCompany(t.app);
    await insertApplicants(
      t.database,
      other.accountId,
      Array.from({ length: 65 }, (_, i) => ({
        lastName: `Кандидатов-${i + 1}`,
        firstName: 'Пётр',
      })),
    );
    const seen: number[] = [];
    for (const [page, size] of [
      [1, 30],
      [2, 30],
      [3, 5],
      [4, 0],
    ] as const) {
      const body = await list(`page=${page}`, other.token);
      expect(body).toMatchObject({ applicant_count: 65, page, per_page: 30 });
      expect(body.applicants).toHaveLength(size);
      seen.push(...body.applicants.map((a) => a.id));
    }
    expect(new Set(seen).size).toBe(65);
    expect((await list('per_page=100', other.token)).applicants).toHaveLength(65);
    const tooMany = await call(t.app, 'GET', '/api/applicants?per_page=101', undefined, {
      token: other.token,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual({ per_page: 'На странице от 1 до 100 кандидатов' });
  });

  it('a filter pages through its applicants in order, whether few or many of the base match', async () => {
    // 40 applicants, two added in each minute (the id breaks the tie), 4 of them archived. With 2
    // a page, a tag on 26 active applicants is read by walking the newest ones on its first pages
    // and from its matches on the last ones (decision 0085); a tag on 2 always from its matches.
    const other = await signUpCompany(t.app);
    const start = Date.UTC(2023, 5, 1, 9, 0, 0);
    const ids = await insertApplicants(
      t.database,
      other.accountId,
      Array.from({ length: 40 }, (_, i) => ({
        lastName: `Постраничный-${i + 1}`,
        createdAt: new Date(start + Math.floor(i / 2) * 60_000),
        ...(i % 10 === 9 ? { archivedAt: new Date() } : {}),
      })),
    );
    const many = await insertTag(t.database, other.accountId, 'Многие');
    const few = await insertTag(t.database, other.accountId, 'Немногие');
    await tagApplicants(
      t.database,
      other.accountId,
      many,
      ids.filter((_, i) => i % 4 !== 0),
    );
    await tagApplicants(t.database, other.accountId, few, [ids[3]!, ids[17]!, ids[29]!]);
    const active = (tagged: number[]) => ids.filter((id, i) => tagged.includes(id) && i % 10 !== 9);
    const oldestFirst = {
      [many]: active(ids.filter((_, i) => i % 4 !== 0)),
      [few]: active([ids[3]!, ids[17]!, ids[29]!]),
    };
    expect(oldestFirst[many]).toHaveLength(26);
    expect(oldestFirst[few]).toHaveLength(2);
    for (const tagId of [many, few]) {
      for (const sort of ['created_desc', 'created_asc'] as const) {
        const seen: number[] = [];
        for (let page = 1; page <= 14; page++) {
          const body = await list(
            `tags[]=${tagId}&sort=${sort}&per_page=2&page=${page}`,
            other.token,
          );
          expect(body.applicant_count).toBe(oldestFirst[tagId]!.length);
          seen.push(...body.applicants.map((a) => a.id));
        }
        const expected = [...oldestFirst[tagId]!];
        expect(seen, `${tagId} ${sort}`).toEqual(
          sort === 'created_asc' ? expected : expected.reverse(),
        );
      }
    }
    // Both tags: the 2 who carry both are listed and counted once (26, not 28); the same tag
    // asked twice is that tag (decision 0093 reads one tag as a value, several as a set).
    for (const [filter, expected] of [
      [`tags=${many},${few}`, oldestFirst[many]!],
      [`tags=${few}&tags=${few}`, oldestFirst[few]!],
    ] as const) {
      const seen: number[] = [];
      for (let page = 1; page <= 14; page++) {
        const body = await list(`${filter}&per_page=2&page=${page}`, other.token);
        expect(body.applicant_count, filter).toBe(expected.length);
        seen.push(...body.applicants.map((a) => a.id));
      }
      expect(seen, filter).toEqual([...expected].reverse());
    }
    // A vacancy with 10 applicants, one of them archived afterwards: 9 listed, counted alike.
    const vacancy = await insertVacancyWithStages(t.database, other.accountId, {
      position: 'Тестировщик',
    });
    const placed = [0, 2, 4, 6, 12, 15, 20, 26, 33, 38].map((i) => ids[i]!);
    for (const applicantId of placed) {
      const response = await call(
        t.app,
        'POST',
        '/api/applications',
        { applicant_id: applicantId, vacancy_id: vacancy.id },
        { token: other.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
    const archived = await call(t.app, 'POST', `/api/applicants/${ids[12]}/archive`, undefined, {
      token: other.token,
    });
    expect(archived.status).toBe(200);
    const seen: number[] = [];
    for (let page = 1; page <= 6; page++) {
      const body = await list(`vacancy_id=${vacancy.id}&per_page=2&page=${page}`, other.token);
      expect(body.applicant_count).toBe(9);
      seen.push(...body.applicants.map((a) => a.id));
    }
    expect(seen).toEqual(placed.filter((id) => id !== ids[12]).reverse());
  });
});

describe('the total of the active base', () => {
  it('follows archiving, restoring, bulk archiving and deleting (counters kept by triggers)', async () => {
    const owner = await signUpCompany(t.app);
    const ids = await insertApplicants(
      t.database,
      owner.accountId,
      Array.from({ length: 5 }, (_, n) => ({ lastName: `Счётов${n}`, firstName: 'Тест' })),
    );
    const total = async () => (await list('', owner.token)).applicant_count;
    const as = { token: owner.token };
    expect(await total()).toBe(5);
    await call(t.app, 'POST', `/api/applicants/${ids[0]}/archive`, undefined, as);
    expect(await total()).toBe(4);
    const bulk = { applicant_ids: [ids[0]!, ids[1]!, ids[2]!] };
    expect((await call(t.app, 'POST', '/api/applicants/bulk/archive', bulk, as)).status).toBe(200);
    expect(await total()).toBe(2);
    await call(t.app, 'POST', `/api/applicants/${ids[1]}/restore`, undefined, as);
    expect(await total()).toBe(3);
    const removed = await call(
      t.app,
      'DELETE',
      `/api/applicants/${ids[0]}?confirm=true`,
      undefined,
      as,
    );
    expect(removed.status).toBe(200);
    expect(await total()).toBe(3);
    const [counters] = await systemRows<{ total: number; archived: number; real: number }>(
      t.database,
      sql`select applicants_count as total, archived_applicants_count as archived,
            (select count(*)::int from applicants p where p.account_id = a.id and p.archived_at is not null) as real
          from accounts a where a.id = ${owner.accountId}`,
    );
    expect(counters).toEqual({ total: 4, archived: 1, real: 1 });
  });
});

describe('who sees the base', () => {
  it("another account's applicants are never listed, whatever the filters", async () => {
    const other = await signUpCompany(t.app);
    await insertApplicants(t.database, other.accountId, [
      { lastName: 'Иванов', firstName: 'Чужой' },
    ]);
    const mine = await names('search=Иванов&per_page=100');
    expect(mine).not.toContain('Иванов Чужой');
    const theirs = await list('', other.token);
    expect(theirs.applicant_count).toBe(1);
    expect(
      (await list(`tags[]=${tag.senior}&account_source_id=${source.hh}`, other.token))
        .applicant_count,
    ).toBe(0);
  });

  it('a watcher who is not an admin is refused the base with 403', async () => {
    const watcher = await addTeamMember(t.app, hr.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const response = await call(t.app, 'GET', '/api/applicants', undefined, {
      token: watcher.token,
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      code: 403,
      status: 'error',
      message: 'Заказчику недоступна база кандидатов',
    });
  });

  it('without a session: 420', async () => {
    expect((await call(t.app, 'GET', '/api/applicants')).status).toBe(420);
  });
});

describe('bad parameters answer 400 in Russian', () => {
  it.each([
    ['age_from=abc', 'age_from', 'Возраст — целое число от 0 до 120'],
    [
      'sort=nope',
      'sort',
      'Сортировка: одна из created_desc, created_asc, name_asc, salary_desc, relevance',
    ],
    ['page=0', 'page', 'Номер страницы — целое число от 1 до 100000'],
    ['tags[]=x', 'tags[]', 'Список должен состоять из идентификаторов'],
    ['status_from=2024-13-01', 'status_from', 'Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ'],
    ['currency=рубли', 'currency', 'Валюта — трёхбуквенный код, например RUB'],
    ['only_mine=maybe', 'only_mine', 'Ожидается true или false'],
    ['phone=abc', 'phone', 'Телефон: укажите хотя бы одну цифру'],
    ['vacancy_id=-1', 'vacancy_id', 'Некорректный идентификатор'],
    ['age_from=40&age_to=30', 'age_from', 'Возраст «от» больше, чем «до»'],
  ])('%s', async (query, field, message) => {
    const response = await call(t.app, 'GET', `/api/applicants?${encodeURI(query)}`, undefined, {
      token: hr.token,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 400,
      status: 'error',
      message,
      errors: { [field]: message },
    });
  });

  it('the OpenAPI document describes the list, saved filters and bulk actions', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/applicants',
        '/api/applicant_filters',
        '/api/applicant_filters/{id}',
        '/api/applicants/bulk/tags',
        '/api/applicants/bulk/archive',
      ]),
    );
  });
});
