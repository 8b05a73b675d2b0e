import { ZCreateApplicantRequest } from '@ats/contracts/applicants';
import { afterEach, describe, expect, it } from 'vitest';

import { type AvitoFake, startAvitoFake } from '../../../../test/fakes/avito-fake.ts';
import { startHookReceiver } from '../../../../test/fakes/hook-receiver.ts';
import type { SiteVacancy } from '../site-call.ts';
import { avitoApplicationIdsSince, avitoClient, avitoHookApplicationIds } from './avito-client.ts';
import { ZAvitoMessengerDelivery, applicantMessageOf } from './avito-messenger-hook.ts';
import { avitoApplicant, avitoVacancyBody } from './avito-mappers.ts';

// The Avito client against the local fake (apps/api/test/fakes/avito-fake.ts): no database.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function setup(options: Parameters<typeof startAvitoFake>[0] = {}) {
  const fake = await startAvitoFake(options);
  closers.push(fake.close);
  const client = avitoClient({
    apiBase: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
  });
  return { fake, client };
}

const vacancy: SiteVacancy = {
  id: 41,
  position: 'Повар горячего цеха',
  salary_from: 60_000,
  salary_to: 90_000,
  currency: 'RUB',
  body: '<h2>О нас</h2><p>Ресторан <b>у моря</b>.</p><div>Смены 2/2</div><script>x</script>',
  requirements: '<ul><li>Опыт от года</li></ul>',
  conditions: null,
  city: 'Москва',
};
const form = { billing_type: 'package' as const, address: 'Москва, Лесная улица, 7' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function seedApplications(fake: AvitoFake, count: number, vacancyId = 3_000_000_001) {
  return Array.from({ length: count }, (_, i) =>
    fake.addApplication({
      vacancyId,
      name: { first_name: `Имя${i}`, last_name: `Фамилия${i}` },
      phone: `7999000000${i}`,
    }),
  );
}

describe('Avito token', () => {
  it('is obtained once, reused, and fetched again before it expires (no expired call)', async () => {
    const { fake, client } = await setup({ tokenTtlSeconds: 1 });
    expect((await client.getSelf()).ok).toBe(true);
    expect((await client.getSelf()).ok).toBe(true);
    expect(client.tokensIssued).toBe(1);
    await sleep(900); // past 80 % of its second of life
    const self = await client.getSelf();
    expect(self).toMatchObject({ ok: true, value: { id: fake.self.id } });
    expect(client.tokensIssued).toBe(2);
    expect(fake.requests.filter((r) => r.status === 403 || r.status === 401)).toEqual([]);
    const grants = fake.requests.filter((r) => r.path === '/token').map((r) => r.body);
    expect(grants).toEqual([
      expect.objectContaining({ grant_type: 'client_credentials', client_id: fake.clientId }),
      expect.objectContaining({ grant_type: 'client_credentials' }),
    ]);
  });

  it('one token for calls made together', async () => {
    const { client } = await setup();
    const results = await Promise.all([
      client.getSelf(),
      client.getApplicationStates(),
      client.getSelf(),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    expect(client.tokensIssued).toBe(1);
  });

  it('a token Avito calls expired (403, or 401) is replaced and the call repeated once', async () => {
    for (const expiredStatus of [403, 401] as const) {
      const { fake, client } = await setup({ expiredStatus });
      expect((await client.getSelf()).ok).toBe(true);
      fake.expireTokens();
      expect(await client.getSelf()).toMatchObject({ ok: true, value: { id: fake.self.id } });
      expect(client.tokensIssued).toBe(2);
      expect(fake.requests.map((r) => r.status)).toEqual([200, 200, expiredStatus, 200, 200]);
    }
  });

  it('wrong client credentials are a refusal in Russian, not a throw', async () => {
    const fake = await startAvitoFake();
    closers.push(fake.close);
    const client = avitoClient({ apiBase: fake.url, clientId: 'x', clientSecret: 'y' });
    expect(await client.getSelf()).toEqual({
      ok: false,
      kind: 'refused',
      status: 400,
      message: 'Авито не принял client_id и client_secret: проверьте их в настройках Авито Pro',
    });
  });
});

describe('Avito faults', () => {
  it('429 is a pause until Retry-After; 500 and no answer are retryable; the next call works', async () => {
    const { fake, client } = await setup();
    fake.failNext({ status: 429, retryAfterSeconds: 30 });
    const before = Date.now();
    const paused = await client.getSelf();
    expect(paused).toMatchObject({ ok: false, kind: 'paused' });
    if (paused.ok || paused.kind !== 'paused') throw new Error('expected a pause');
    expect(paused.until.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(paused.until.getTime()).toBeLessThan(Date.now() + 31_000);
    expect(paused.message).toMatch(/^Авито просит реже обращаться к нему/);

    fake.failNext({ status: 500 });
    expect(await client.getSelf()).toMatchObject({
      ok: false,
      kind: 'retryable',
      status: 500,
      message: 'Авито сейчас недоступен (ошибка 500), повторим позже',
    });
    expect((await client.getSelf()).ok).toBe(true);

    const gone = avitoClient({ apiBase: 'http://127.0.0.1:9', clientId: 'a', clientSecret: 'b' });
    expect(await gone.getSelf()).toMatchObject({ ok: false, kind: 'retryable', status: 0 });
  });

  it('a 429 part-way through the ids loses no page: those read come back with the cursor', async () => {
    const { fake, client } = await setup({ pageSize: 2 });
    // The day read before the applications are made: theirs is this one or, past midnight, later.
    const today = new Date().toISOString().slice(0, 10);
    seedApplications(fake, 5);
    let calls = 0;
    const flaky = {
      listApplicationIds: async (params: Parameters<typeof client.listApplicationIds>[0]) => {
        calls += 1;
        if (calls === 2) fake.failNext({ status: 429, retryAfterSeconds: 5 });
        return client.listApplicationIds(params);
      },
    };
    const first = await avitoApplicationIdsSince(flaky, { updatedAtFrom: today });
    expect(first.refs).toHaveLength(2);
    expect(first.stopped).toMatchObject({ kind: 'paused' });
    expect(first.cursor).toBe(first.refs[1]!.id);
    const rest = await avitoApplicationIdsSince(client, {
      updatedAtFrom: today,
      cursor: first.cursor!,
    });
    expect(new Set([...first.refs, ...rest.refs].map((r) => r.id)).size).toBe(5);
  });
});

describe('Avito vacancies', () => {
  it("maps our vacancy: Avito's HTML only, the sections, roubles, our id as vacancy_code", () => {
    const body = avitoVacancyBody(vacancy, form);
    expect(body).toEqual({
      billing_type: 'package',
      title: 'Повар горячего цеха',
      description:
        '<p><strong>О нас</strong></p><p>Ресторан <strong>у моря</strong>.</p><p>Смены 2/2</p>' +
        '<p><strong>Требования</strong></p><ul><li>Опыт от года</li></ul>',
      vacancy_code: '41',
      location: { address: 'Москва, Лесная улица, 7' },
      salary: { from: 60_000, to: 90_000 },
      apply_processing: { apply_type: 'only_with_resume' },
    });
    expect(avitoVacancyBody({ ...vacancy, currency: 'USD' }, form).salary).toBeUndefined();
    // no street address on the form: the vacancy's city
    expect(avitoVacancyBody(vacancy, { billing_type: 'package' }).location).toEqual({
      address: 'Москва',
    });
  });

  it("Avito's validation errors land on our fields in Russian; fixed, it publishes, is moderated, archived", async () => {
    const { fake, client } = await setup({ moderationPolls: 2 });
    const tooLong = {
      ...vacancy,
      position: 'Повар горячего цеха в ресторан у моря на летний сезон',
    };
    const refused = await client.publishVacancy(
      avitoVacancyBody({ ...tooLong, city: null }, { ...form, address: '' }),
    );
    expect(refused).toEqual({
      ok: false,
      kind: 'invalid',
      message: 'Авито не принял вакансию: исправьте отмеченные поля',
      errors: [
        {
          field: 'position',
          message: 'Название вакансии должно быть длиной от 1 до 50 символов',
          siteMessage: 'title: название вакансии должно быть длиной от 1 до 50 символов',
        },
        {
          field: 'city',
          message: 'Укажите адрес вакансии',
          siteMessage: 'location.address: укажите адрес вакансии',
        },
      ],
    });
    expect(fake.publications.size).toBe(0);

    const published = await client.publishVacancy(avitoVacancyBody(vacancy, form));
    if (!published.ok) throw new Error(published.message);
    const uuid = published.value.id;
    expect(await client.publishVacancy(avitoVacancyBody(vacancy, form))).toEqual({
      ok: true,
      value: { id: uuid },
    });
    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      const statuses = await client.getVacancyStatuses([uuid]);
      if (!statuses.ok) throw new Error(statuses.message);
      states.push(statuses.value[0]!.vacancy!.status!);
    }
    expect(states).toEqual(['created', 'created', 'activated']);
    const siteId = fake.publicationOf('41')!.vacancyId;
    expect(await client.archiveVacancy(siteId)).toEqual({ ok: true, value: true });
    const after = await client.getVacancyStatuses([uuid]);
    expect(after.ok && after.value[0]!.vacancy).toMatchObject({ id: siteId, status: 'archived' });
    expect(await client.archiveVacancy(1)).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 404,
    });
  });

  it('texts that are not Russian or name no field of ours still reach the form', async () => {
    const { avitoFieldErrors } = await import('./avito-mappers.ts');
    expect(avitoFieldErrors(['salary.to: must be positive', 'something else broke'])).toEqual([
      {
        field: 'salary_to',
        message: 'Авито не принял верхнюю границу зарплаты',
        siteMessage: 'salary.to: must be positive',
      },
      {
        field: null,
        message: 'Авито не принял вакансию: something else broke',
        siteMessage: 'something else broke',
      },
    ]);
  });

  it('with respondOnPublish, people respond once the publication is activated (the demo)', async () => {
    const { fake, client } = await setup({
      moderationPolls: 0,
      respondOnPublish: [{ name: { first_name: 'Иван' } }, { name: { first_name: 'Ольга' } }],
    });
    const today = new Date().toISOString().slice(0, 10);
    const published = await client.publishVacancy(avitoVacancyBody(vacancy, form));
    if (!published.ok) throw new Error(published.message);
    expect(await client.listApplicationIds({ updatedAtFrom: today })).toEqual({
      ok: true,
      value: [],
    });
    await client.getVacancyStatuses([published.value.id]);
    const ids = await client.listApplicationIds({ updatedAtFrom: today });
    const siteId = fake.publicationOf('41')!.vacancyId;
    const details = ids.ok ? await client.getApplications(ids.value.map((r) => r.id)) : null;
    expect(
      details?.ok && details.value.map((a) => [a.vacancy_id, a.applicant?.data?.name]),
    ).toEqual([
      [siteId, 'Ольга'],
      [siteId, 'Иван'],
    ]);
  });

  it('an account without a tariff is told so', async () => {
    const { client } = await setup({ canPublish: false });
    expect(await client.publishVacancy(avitoVacancyBody(vacancy, form))).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 403,
      message:
        'Авито не разрешает публиковать вакансии этому аккаунту: нужен тариф или пакет размещений',
    });
  });
});

describe('Avito applications', () => {
  it('ids newest first, then details; an action changes the state on the site', async () => {
    const { fake, client } = await setup();
    const today = new Date().toISOString().slice(0, 10);
    const [a, b] = seedApplications(fake, 2);
    const ids = await client.listApplicationIds({ updatedAtFrom: today });
    expect(ids.ok && ids.value.map((r) => r.id)).toEqual([b!.id, a!.id]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await client.listApplicationIds({ updatedAtFrom: tomorrow })).toEqual({
      ok: true,
      value: [],
    });
    const details = await client.getApplications([a!.id]);
    expect(details.ok && details.value[0]).toMatchObject({ id: a!.id, state: 'new' });
    const states = await client.getApplicationStates();
    expect(states.ok && states.value.map((s) => s.slug)).toContain('rejected');
    const done = await client.applyAction('rejected', [a!.id]);
    expect(done.ok && done.value).toEqual([
      expect.objectContaining({ id: a!.id, state: 'rejected' }),
    ]);
    expect(fake.applications.get(a!.id)!.state).toBe('rejected');
  });

  it('the webhook is checked, then every new application is hinted, twice when Avito repeats', async () => {
    const { fake, client } = await setup({ deliverTwice: true });
    const dead = await startHookReceiver(500);
    closers.push(dead.close);
    expect(await client.setApplicationsWebhook({ url: dead.url, secret: 's1' })).toMatchObject({
      ok: false,
      kind: 'refused',
      status: 400,
      message:
        'Авито не смог обратиться по адресу вебхука: проверьте, что он доступен из интернета',
    });
    expect(fake.state.applicationsHook).toBeNull();
    const hook = await startHookReceiver();
    closers.push(hook.close);
    expect(await client.setApplicationsWebhook({ url: hook.url, secret: 's2' })).toEqual({
      ok: true,
      value: { url: hook.url, secret: 's2' },
    });
    expect(hook.received.map((r) => r.body)).toEqual([{}]);
    const [application] = seedApplications(fake, 1);
    await fake.settle();
    const hints = hook.received.slice(1);
    expect(hints).toHaveLength(2);
    expect(hints.map((h) => avitoHookApplicationIds(h.body))).toEqual([
      [application!.id],
      [application!.id],
    ]);
    expect(avitoHookApplicationIds({ anything: 'else' })).toEqual([]);
  });

  it("an application and its résumé become our applicant's fields", async () => {
    const { fake, client } = await setup();
    const application = fake.addApplication({
      vacancyId: 3_000_000_001,
      name: { first_name: 'Иван', last_name: 'Петров', patronymic: 'Сергеевич' },
      birthday: '1990-04-12',
      gender: 'male',
      citizenship: 'Россия',
      phone: '79161234567',
      resume: {
        title: 'Повар-универсал',
        description: 'Готовлю всё.',
        salary: 80_000,
        address_details: { location: 'Москва' },
        photos: [{ url: 'https://img.example/photo.jpg' }],
        params: {
          education: 'Среднее специальное',
          education_list: [
            { institution: 'Колледж питания', specialty: 'Повар', education_stop: 2010 },
          ],
          experience_list: [
            {
              company: 'Кафе',
              position: 'Повар',
              work_start: '2015-07-01',
              work_finish: '2018-07-01',
            },
            { company: 'Ресторан', position: 'Шеф', work_start: '2018-09-01' },
          ],
        },
        contacts: [{ type: 'e-mail', value: 'ivan@example.ru' }],
      },
    });
    const fetched = await client.getApplications([application.id]);
    if (!fetched.ok) throw new Error(fetched.message);
    const details = fetched.value[0];
    const resumeId = application.applicant.resume_id!;
    const resume = await client.getResume(resumeId);
    const contacts = await client.getResumeContacts(resumeId);
    if (!resume.ok || !contacts.ok) throw new Error('résumé');
    const mapped = avitoApplicant(details!, resume.value, contacts.value, new Date('2020-09-01'));
    expect(mapped).toEqual({
      first_name: 'Иван',
      last_name: 'Петров',
      middle_name: 'Сергеевич',
      birthday: '1990-04-12',
      gender: 'male',
      phone: '+79161234567',
      email: 'ivan@example.ru',
      money: '80000',
      currency: 'RUB',
      city: 'Москва',
      position: 'Повар-универсал',
      about_me: 'Готовлю всё.',
      total_experience: 36 + 24,
      experience: [
        {
          position: 'Повар',
          company: 'Кафе',
          date_start: '2015-07-01',
          date_end: '2018-07-01',
          is_now: false,
          description: null,
        },
        {
          position: 'Шеф',
          company: 'Ресторан',
          date_start: '2018-09-01',
          date_end: null,
          is_now: true,
          description: null,
        },
      ],
      education: [
        {
          level: 'Среднее специальное',
          name: 'Колледж питания',
          speciality: 'Повар',
          date_end: '2010-06-30',
        },
      ],
      citizenship: ['Россия'],
      resume_urls: [`https://www.avito.ru/moskva/rezume/kandidat_${resumeId}`],
      photo_url: 'https://img.example/photo.jpg',
      external: {
        site: 'avito',
        response_id: application.id,
        resume_id: String(resumeId),
        vacancy_id: '3000000001',
        chat_id: application.contacts.chat.value,
      },
    });
    // what the mapper gives is what our create-applicant contract accepts
    const { photo_url: _photo, external: _external, ...fields } = mapped;
    expect(ZCreateApplicantRequest.safeParse(fields).success).toBe(true);

    // without a résumé: the name from the application, nothing invented
    const bare = fake.addApplication({ vacancyId: 3_000_000_001, name: { first_name: 'Анна' } });
    const bareDetails = await client.getApplications([bare.id]);
    if (!bareDetails.ok) throw new Error('details');
    const thin = avitoApplicant(bareDetails.value[0]!, null);
    expect(thin).toMatchObject({
      first_name: 'Анна',
      last_name: null,
      phone: null,
      resume_urls: [],
    });
    expect(await client.getResume(999)).toMatchObject({ ok: false, kind: 'refused', status: 404 });
  });
});

describe('Avito messenger', () => {
  it("lists chats, reads and sends messages; the applicant's message reaches the webhook", async () => {
    const { fake, client } = await setup();
    const [application] = seedApplications(fake, 1);
    const chatId = application!.contacts.chat.value;
    const self = await client.getSelf();
    if (!self.ok) throw new Error('self');
    const userId = self.value.id;
    const hook = await startHookReceiver();
    closers.push(hook.close);
    expect(await client.setMessengerWebhook(hook.url)).toEqual({ ok: true, value: { ok: true } });

    const chats = await client.listChats(userId);
    expect(chats.ok && chats.value.map((c) => c.id)).toEqual([chatId]);
    fake.applicantWrites(chatId, 'Здравствуйте! Вакансия ещё открыта?');
    await fake.settle();
    expect(hook.received).toHaveLength(1);
    const delivered = ZAvitoMessengerDelivery.parse(hook.received[0]!.body);
    expect(applicantMessageOf(delivered, userId)).toMatchObject({
      chatId,
      text: 'Здравствуйте! Вакансия ещё открыта?',
    });
    const sent = await client.sendMessage(userId, chatId, 'Да, приходите на собеседование');
    expect(sent).toMatchObject({
      ok: true,
      value: { direction: 'out', content: { text: 'Да, приходите на собеседование' } },
    });
    const messages = await client.listMessages(userId, chatId);
    expect(messages.ok && messages.value.map((m) => m.direction)).toEqual(['out', 'in']);
    // our own message echoed by a webhook is not the applicant's
    const own = {
      payload: { type: 'message', value: { id: 'm', chat_id: chatId, author_id: userId } },
    };
    expect(applicantMessageOf(own, userId)).toBeNull();
    // and Avito delivers it too: the webhook sees ours, which the receiver passes over
    await fake.settle();
    expect(hook.received).toHaveLength(2);
    expect(
      applicantMessageOf(ZAvitoMessengerDelivery.parse(hook.received[1]!.body), userId),
    ).toBeNull();
    expect(await client.sendMessage(userId, 'u2i-none', 'x')).toMatchObject({
      ok: false,
      status: 404,
    });
    // the subscription listed, then given up
    expect(await client.listMessengerWebhooks()).toEqual({
      ok: true,
      value: [{ url: hook.url, version: '3' }],
    });
    expect(await client.unsetMessengerWebhook(hook.url)).toEqual({ ok: true, value: { ok: true } });
    expect(await client.listMessengerWebhooks()).toEqual({ ok: true, value: [] });
    fake.applicantWrites(chatId, 'Вы здесь?');
    await fake.settle();
    expect(hook.received).toHaveLength(2);
  });
});
