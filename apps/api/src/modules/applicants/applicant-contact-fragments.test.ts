import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// Issue 22, decision 0051: 4+ digits of a phone typed in any format and any part of an e-mail
// find every applicant who has them, newest first, in the caller's account and part of the base
// only — however the phone was stored (E.164 by the API, as typed by an old import or client).

let t: TestApp;
let hr: SignedUp;
let other: SignedUp;
let watcherAdmin: { userId: number; token: string };

type Found = {
  applicants: { id: number; last_name: string | null }[];
  applicant_count: number;
};
const searchAs = async (token: string, text: string, extra = '') => {
  const response = await call(
    t.app,
    'GET',
    `/api/applicants?search=${encodeURIComponent(text)}${extra}`,
    undefined,
    { token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message as Found;
};
const surnames = async (text: string, extra = '') => {
  const found = await searchAs(hr.token, text, extra);
  expect(found.applicant_count, text).toBe(found.applicants.length);
  return found.applicants.map((a) => a.last_name);
};

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
  watcherAdmin = await addTeamMember(t.app, hr.token, { member_type: 'watcher', is_admin: true });
  // One number written five ways (the oldest first: the list shows the newest first), and one
  // that shares no four digits in a row with it.
  await insertApplicants(t.database, hr.accountId, [
    { lastName: 'Первый', phone: '8 (916) 123-45-67', email: 'a.pervyi@mail.ru' },
    { lastName: 'Второй', phone: '9161234567', email: 'ivanova.m@yandex.ru' },
    {
      lastName: 'Третий',
      phone: '+7 495 000-00-01',
      contacts: [{ contact_type: 'whatsapp', value: '+7-916-123-45-67', is_prefered: false }],
      email: 'tretii@gmail.com',
    },
  ]);
  const created = async (body: Record<string, unknown>) => {
    const response = await call(t.app, 'POST', '/api/applicants', body, { token: hr.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.message.id as number;
  };
  await created({ last_name: 'Четвёртый', phone: '+7 (916) 123 45 67', email: 'petrov@yandex.ru' });
  const placed = await created({
    last_name: 'Пятый',
    phone: '89161234567',
    email: 'Sidorov.IVANOV@Gmail.com',
  });
  await created({ last_name: 'Шестой', phone: '+7 903 765-43-21', email: 'shestoi@bk.ru' });
  await call(
    t.app,
    'POST',
    '/api/applicants',
    { last_name: 'Чужой', phone: '+7 916 123-45-67', email: 'ivanov@yandex.ru' },
    { token: other.token },
  );
  // The watcher-admin sees the applicants of the vacancy they watch, Пятый only.
  const vacancy = await openVacancy(t.app, hr.token, {
    position: 'Юрист',
    watchers: [watcherAdmin.userId],
  });
  const application = await call(
    t.app,
    'POST',
    '/api/applications',
    { applicant_id: placed, vacancy_id: vacancy.id },
    { token: hr.token },
  );
  expect(application.status, JSON.stringify(application.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const ALL_FIVE = ['Пятый', 'Четвёртый', 'Третий', 'Второй', 'Первый'];

describe('4+ digits of a phone in any format', () => {
  it('find the same number however it was stored, newest first', async () => {
    for (const typed of ['916 123', '+7 (916) 12', '9161234', '1234', '8 916 123-45', '45-67']) {
      expect(await surnames(typed), typed).toEqual(ALL_FIVE);
    }
  });

  it('and only the numbers that hold them, in the extra contacts as well', async () => {
    expect(await surnames('765-43')).toEqual(['Шестой']);
    expect(await surnames('0000-01')).toEqual(['Третий']);
    expect(await surnames('9165')).toEqual([]);
    expect(await surnames('123 4568')).toEqual([]);
  });

  it('with another sort or filter too (every match, the generic path)', async () => {
    expect(await surnames('916 123', '&sort=created_asc')).toEqual([...ALL_FIVE].reverse());
    expect(await surnames('1234', '&sort=name_asc')).toEqual([
      'Второй',
      'Первый',
      'Пятый',
      'Третий',
      'Четвёртый',
    ]);
  });
});

describe('any part of an e-mail', () => {
  it('a word inside the address, the domain after @, across the @', async () => {
    expect(await surnames('ivanov')).toEqual(['Пятый', 'Второй']);
    expect(await surnames('@yandex')).toEqual(['Четвёртый', 'Второй']);
    expect(await surnames('ov@ya')).toEqual(['Четвёртый']);
    expect(await surnames('OV@GMAIL')).toEqual(['Пятый']);
    expect(await surnames('a.m@yand')).toEqual(['Второй']);
    expect(await surnames('ivanov', '&sort=created_asc')).toEqual(['Второй', 'Пятый']);
  });
});

describe('the caller’s account and rights', () => {
  it('never another account’s applicant, never outside the watcher’s vacancies', async () => {
    const theirs = await searchAs(other.token, '916 123');
    expect(theirs.applicants.map((a) => a.last_name)).toEqual(['Чужой']);
    expect((await searchAs(other.token, 'ivanov')).applicants.map((a) => a.last_name)).toEqual([
      'Чужой',
    ]);
    const watched = await searchAs(watcherAdmin.token, '916 123');
    expect(watched.applicants.map((a) => a.last_name)).toEqual(['Пятый']);
    expect(watched.applicant_count).toBe(1);
    expect((await searchAs(watcherAdmin.token, '@yandex')).applicants).toEqual([]);
  });
});

describe('a fragment shared by more than the list counts (decision 0068)', () => {
  // Long keys that do not compress: an applicant whose contacts pass 2,000 bytes is kept out of
  // the covering index and must be saved and found all the same.
  const longLinks = Array.from({ length: 40 }, (_, n) => ({
    contact_type: 'site',
    value: `https://portfolio.example/${n}/${(n * 7919).toString(36)}x${(n * 104729).toString(16)}q${(n * 15485863).toString(36)}`,
    is_prefered: false,
  }));
  let crowd: SignedUp;
  let newestId: number;
  let archivedId: number;
  const page = async (text: string, n: number) => {
    const response = await call(
      t.app,
      'GET',
      `/api/applicants?search=${encodeURIComponent(text)}&page=${n}`,
      undefined,
      { token: crowd.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.message as Found & { applicant_count_capped: boolean };
  };

  beforeAll(async () => {
    crowd = await signUpCompany(t.app);
    await insertApplicants(
      t.database,
      crowd.accountId,
      Array.from({ length: 1003 }, (_, n) => ({
        lastName: `Склад${n}`,
        email: `worker${n}@bigcorp.example`,
      })),
    );
    const archived = await insertApplicants(t.database, crowd.accountId, [
      { lastName: 'Архивный', email: 'gone@bigcorp.example', archivedAt: new Date() },
    ]);
    archivedId = archived[0]!;
    const response = await call(
      t.app,
      'POST',
      '/api/applicants',
      {
        last_name: 'Длинный',
        email: 'long@bigcorp.example',
        contacts: longLinks,
      },
      { token: crowd.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    newestId = response.body.message.id as number;
  });

  it('says "more than 1,000" and lists the newest first, the long contacts included', async () => {
    const first = await page('bigcorp', 1);
    expect(first.applicant_count).toBe(1000);
    expect(first.applicant_count_capped).toBe(true);
    expect(first.applicants.map((a) => a.last_name)).toEqual([
      'Длинный',
      ...Array.from({ length: 29 }, (_, n) => `Склад${1002 - n}`),
    ]);
    expect(first.applicants.map((a) => a.id)).not.toContain(archivedId);
    const second = await page('@bigcorp.ex', 2);
    expect(second.applicants.map((a) => a.last_name)).toEqual(
      Array.from({ length: 30 }, (_, n) => `Склад${973 - n}`),
    );
    expect((await page('portfolio.example/3', 1)).applicants.map((a) => a.id)).toEqual([newestId]);
  });

  it('counts exactly up to 1,000', async () => {
    const few = await page('worker99', 1);
    expect(few.applicant_count_capped).toBe(false);
    // worker99, worker990–worker999
    expect(few.applicant_count).toBe(11);
    expect(few.applicants[0]!.last_name).toBe('Склад999');
  });
});
