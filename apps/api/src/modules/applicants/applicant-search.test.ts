import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The one search box (issue 20, item 2): phones in any format and by fragment, e-mails and their
// parts, Telegram handles, résumé links and a name with one typo, through the list's `search`.

let t: TestApp;
let hr: SignedUp;
let other: SignedUp;

const create = async (token: string, body: Record<string, unknown>) => {
  const response = await call(t.app, 'POST', '/api/applicants', body, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.id as number;
};

type Found = { applicants: { last_name: string | null }[]; applicant_count: number };
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
const surnames = async (text: string, extra = '') =>
  (await searchAs(hr.token, text, extra)).applicants.map((a) => a.last_name);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
  await create(hr.token, {
    last_name: 'Петров',
    first_name: 'Иван',
    phone: '+7 900 236-77-81',
    email: 'ivan.petrov@mail.ru',
    tg: '@petrov_ivan',
    resume_urls: ['https://hh.ru/resume/0a1b2c3d4e5f'],
  });
  await create(hr.token, {
    last_name: 'Сидорова',
    first_name: 'Анна',
    phone: '8 916 123 45 67',
    email: 'anna.s@yandex.ru',
    tg: 'https://t.me/annasid',
  });
  await create(hr.token, {
    last_name: 'Кузнецов',
    first_name: 'Олег',
    phone: '+7 (495) 000-11-22',
    email: 'kuznetsov@gmail.com',
    contacts: [{ contact_type: 'whatsapp', value: '8 903 555 44 33', is_prefered: false }],
  });
  await create(other.token, { last_name: 'Чужой', first_name: 'Пётр', phone: '89002367781' });
});
afterAll(async () => {
  await t?.close();
});

describe('the search box finds by phone', () => {
  it('in any format of the whole number', async () => {
    expect(await surnames('+7 (900) 236-77-81')).toEqual(['Петров']);
    expect(await surnames('89002367781')).toEqual(['Петров']);
    expect(await surnames('9002367781')).toEqual(['Петров']);
    expect(await surnames('89161234567')).toEqual(['Сидорова']);
    expect(await surnames('+7 916 123-45-67')).toEqual(['Сидорова']);
  });

  it('by any fragment of four digits or more', async () => {
    expect(await surnames('916 123')).toEqual(['Сидорова']);
    expect(await surnames('77-81')).toEqual(['Петров']);
    expect(await surnames('8916')).toEqual(['Сидорова']);
    expect(await surnames('236-77')).toEqual(['Петров']);
  });

  it('among the extra contacts too, and never in another company', async () => {
    expect(await surnames('8 903 555')).toEqual(['Кузнецов']);
    expect((await searchAs(other.token, '236-77-81')).applicants).toHaveLength(1);
    expect(await surnames('0000000')).toEqual([]);
  });
});

describe('the search box finds by e-mail, Telegram and résumé link', () => {
  it('by the domain, the whole address and the part before @', async () => {
    expect(await surnames('mail.ru')).toEqual(['Петров']);
    expect(await surnames('ivan.petrov@mail.ru')).toEqual(['Петров']);
    expect(await surnames('IVAN.PETROV@MAIL.RU')).toEqual(['Петров']);
    expect(await surnames('ivan.petrov')).toEqual(['Петров']);
    expect(await surnames('anna.s')).toEqual(['Сидорова']);
    expect(await surnames('gmail.com')).toEqual(['Кузнецов']);
  });

  it('by the Telegram handle with or without @, however it was stored', async () => {
    expect(await surnames('@petrov_ivan')).toEqual(['Петров']);
    expect(await surnames('petrov_ivan')).toEqual(['Петров']);
    expect(await surnames('annasid')).toEqual(['Сидорова']);
    expect(await surnames('@annasid')).toEqual(['Сидорова']);
  });

  it('by the résumé link, whole or in part', async () => {
    expect(await surnames('https://hh.ru/resume/0a1b2c3d4e5f')).toEqual(['Петров']);
    expect(await surnames('hh.ru/resume/0a1b2c3d4e5f')).toEqual(['Петров']);
  });

  it('with another filter or sort as well (the generic path)', async () => {
    expect(await surnames('916 123', '&sort=name_asc')).toEqual(['Сидорова']);
    expect(await surnames('mail.ru', '&sort=created_asc')).toEqual(['Петров']);
  });
});

describe('the search box forgives one typo in a name', () => {
  it('two letters swapped, one dropped, one added or one changed', async () => {
    expect(await surnames('Петрво')).toEqual(['Петров']);
    expect(await surnames('Сидрова')).toEqual(['Сидорова']);
    expect(await surnames('Кузнецоов')).toEqual(['Кузнецов']);
    expect(await surnames('Кузнецав')).toEqual(['Кузнецов']);
    expect(await surnames('Петрво', '&sort=name_asc')).toEqual(['Петров']);
  });

  it('but not two typos, and an exact name never brings lookalikes', async () => {
    expect(await surnames('Птерво')).not.toContain('Петров');
    expect(await surnames('Петров')).toEqual(['Петров']);
  });
});
