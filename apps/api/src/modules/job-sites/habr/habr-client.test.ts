import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { afterEach, describe, expect, it } from 'vitest';

import { type HabrFake, startHabrFake } from '../../../../test/fakes/habr-fake.ts';
import {
  habrApplicant,
  habrAuthorizeUrl,
  habrClient,
  habrResponsesFrom,
  type HabrTokens,
} from './habr-client.ts';

// The Habr Career client against the local fake (apps/api/test/fakes/habr-fake.ts): no database.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const REDIRECT = 'http://127.0.0.1:3000/api/job_sites/habr/callback';

async function connected(options: Parameters<typeof startHabrFake>[0] = {}) {
  const fake = await startHabrFake(options);
  closers.push(fake.close);
  const saved: HabrTokens[] = [];
  const config = {
    base: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    redirectUri: REDIRECT,
  };
  const client = habrClient(config, null, (tokens) => {
    saved.push(tokens);
  });
  const exchanged = await client.exchangeCode(fake.codeFor(REDIRECT));
  if (!exchanged.ok) throw new Error(exchanged.message);
  return { fake, client, saved, config };
}

const seedResponses = (fake: HabrFake, vacancyId: number, count: number) =>
  Array.from({ length: count }, (_, i) =>
    fake.addResponse(vacancyId, { login: `dev${i}`, name: `Разработчик ${i}` }),
  );

describe('Habr Career OAuth', () => {
  it('the consent page redirects back with a code that the client exchanges for tokens', async () => {
    const fake = await startHabrFake();
    closers.push(fake.close);
    const config = {
      base: fake.url,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      redirectUri: REDIRECT,
    };
    const consent = await fetch(habrAuthorizeUrl(config, 'st-1'), { redirect: 'manual' });
    expect(consent.status).toBe(302);
    const back = new URL(consent.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-1');
    const saved: HabrTokens[] = [];
    const client = habrClient(config, null, (t) => {
      saved.push(t);
    });
    const tokens = await client.exchangeCode(back.searchParams.get('code')!);
    expect(tokens).toMatchObject({ ok: true, value: { access_token: expect.any(String) } });
    expect(saved).toHaveLength(1);
    // a code is good once
    expect(await client.exchangeCode(back.searchParams.get('code')!)).toMatchObject({
      ok: false,
      kind: 'refused',
      message: 'Хабр Карьера не выдала доступ: подключите аккаунт заново',
    });

    fake.state.denyConsent = true;
    const denied = await fetch(habrAuthorizeUrl(config, 'st-2'), { redirect: 'manual' });
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe(
      'access_denied',
    );
  });

  it('the token is refreshed before it expires, and after a 401; new tokens are handed back', async () => {
    const { fake, client, saved } = await connected({ tokenTtlSeconds: 30 });
    // 30 s of life: within the minute's margin, so the first call refreshes first
    expect((await client.listVacancies()).ok).toBe(true);
    expect(saved).toHaveLength(2);
    expect(fake.requests.filter((r) => r.status === 401)).toEqual([]);

    const long = await connected({ tokenTtlSeconds: 3600 });
    expect((await long.client.listVacancies()).ok).toBe(true);
    expect(long.saved).toHaveLength(1);
    long.fake.expireTokens();
    expect((await long.client.listVacancies()).ok).toBe(true);
    expect(long.saved).toHaveLength(2);
    expect(long.fake.requests.map((r) => r.status)).toEqual([200, 200, 401, 200, 200]);
  });

  it('a refresh token Habr no longer honours is a refusal, not a loop', async () => {
    const { fake, client } = await connected({ tokenTtlSeconds: 3600 });
    const stolen = habrClient(
      {
        base: fake.url,
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        redirectUri: REDIRECT,
      },
      client.tokens,
    );
    fake.expireTokens();
    expect((await stolen.listVacancies()).ok).toBe(true); // spends the refresh token
    expect(await client.listVacancies()).toMatchObject({ ok: false, kind: 'refused' });
    expect(fake.requests.filter((r) => r.path === '/integrations/oauth/token')).toHaveLength(3);
  });
});

describe('Habr Career responses', () => {
  it('vacancies, responses page by page, a profile; a foreign vacancy is 404', async () => {
    const { fake, client } = await connected({ perPage: 2 });
    const vacancy = fake.addVacancy('Frontend-разработчик');
    const foreign = fake.addVacancy('Чужая', { foreign: true });
    seedResponses(fake, vacancy.id, 3);
    const list = await client.listVacancies();
    expect(list.ok && list.value.vacancies.map((v) => v.id)).toEqual([vacancy.id, foreign.id]);
    const all = await habrResponsesFrom(client, vacancy.id);
    expect(all.stopped).toBeNull();
    expect(all.responses.map((r) => r.user?.login)).toEqual(['dev0', 'dev1', 'dev2']);
    expect(await client.listResponses(foreign.id)).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 404,
    });
    expect(await client.getUser('dev1')).toMatchObject({ ok: true, value: { login: 'dev1' } });
  });

  it('a 429 or a 500 part-way keeps the pages read and says where to go on', async () => {
    const { fake, client } = await connected({ perPage: 2 });
    const vacancy = fake.addVacancy('Backend-разработчик');
    seedResponses(fake, vacancy.id, 5);
    let calls = 0;
    const flaky = {
      listResponses: async (id: number | string, page?: number) => {
        calls += 1;
        if (calls === 2) fake.failNext({ status: 429, retryAfterSeconds: 20 });
        if (calls === 4) fake.failNext({ status: 500 });
        return client.listResponses(id, page);
      },
    };
    const first = await habrResponsesFrom(flaky, vacancy.id);
    expect(first.responses).toHaveLength(2);
    expect(first.stopped).toMatchObject({ kind: 'paused' });
    expect(first.nextPage).toBe(2);
    const second = await habrResponsesFrom(flaky, vacancy.id, first.nextPage);
    expect(second.responses).toHaveLength(2);
    expect(second.stopped).toMatchObject({ kind: 'retryable', status: 500 });
    const third = await habrResponsesFrom(flaky, vacancy.id, second.nextPage);
    expect(third.stopped).toBeNull();
    const ids = [...first.responses, ...second.responses, ...third.responses].map((r) => r.id);
    expect(new Set(ids).size).toBe(5);
  });

  it("a response and the responder's profile become our applicant's fields", async () => {
    const { fake, client } = await connected();
    const vacancy = fake.addVacancy('Frontend-разработчик');
    const response = fake.addResponse(
      vacancy.id,
      {
        login: 'mpetrova',
        name: 'Мария Петрова',
        avatar: 'https://habrastorage.example/m.png',
        birthday: '1994-02-03',
        city: 'Казань',
        salary: { value: 250_000, currency: 'rur' },
        emails: ['m@example.ru'],
        phones: ['+7 917 000-11-22'],
        telegram: '@mpetrova',
        experience: [
          {
            company: 'Студия',
            position: 'Frontend',
            start_date: '2019-01-01',
            end_date: '2022-01-01',
          },
          { company: 'Банк', position: 'Senior Frontend', start_date: '2022-02-01' },
        ],
        education: [{ university: 'КФУ', faculty: 'ВМК', end_date: '2016-06-30' }],
        skills: ['TypeScript', 'React'],
        experienceMonths: 80,
      },
      '  Хочу к вам!  ',
    );
    const page = await client.listResponses(vacancy.id);
    const user = await client.getUser('mpetrova');
    if (!page.ok || !user.ok) throw new Error('read');
    const mapped = habrApplicant(page.value.responses[0]!, user.value);
    expect(mapped).toEqual({
      first_name: 'Мария',
      last_name: 'Петрова',
      middle_name: null,
      birthday: '1994-02-03',
      gender: null,
      phone: '+7 917 000-11-22',
      email: 'm@example.ru',
      tg: 'mpetrova',
      money: '250000',
      currency: 'RUB',
      city: 'Казань',
      about_me: 'Хочу к вам!',
      total_experience: 80,
      experience: [
        {
          position: 'Frontend',
          company: 'Студия',
          date_start: '2019-01-01',
          date_end: '2022-01-01',
          is_now: false,
          description: null,
        },
        {
          position: 'Senior Frontend',
          company: 'Банк',
          date_start: '2022-02-01',
          date_end: null,
          is_now: true,
          description: null,
        },
      ],
      education: [{ name: 'КФУ', speciality: 'ВМК', date_end: '2016-06-30' }],
      skills: ['TypeScript', 'React'],
      resume_urls: ['https://career.habr.com/mpetrova'],
      photo_url: 'https://habrastorage.example/m.png',
      external: {
        site: 'habr',
        response_id: String(response.id),
        resume_id: 'mpetrova',
        vacancy_id: String(vacancy.id),
        chat_id: null,
      },
    });
    const { photo_url: _p, external: _e, ...fields } = mapped;
    expect(ZCreateApplicantRequest.safeParse(fields).success).toBe(true);

    // a profile that could not be read: the response alone, nothing invented
    const thin = habrApplicant({ id: 9, vacancy_id: 1, user: { login: 'x', name: 'Икс' } }, null);
    expect(thin).toMatchObject({
      first_name: 'Икс',
      last_name: null,
      email: null,
      resume_urls: ['https://career.habr.com/x'],
    });
  });
});
