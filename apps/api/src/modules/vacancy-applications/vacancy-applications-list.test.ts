import { ZRequestPage } from '@ats/contracts/vacancy-applications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { readAsContractWrites } from '../../../test/answer-text.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// The list of hiring requests is one statement read in one round trip (decision 0031): the count,
// the page, its names and its files together.

let t: TestApp;
let admin: SignedUp;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
  call(t.app, method, url, body, { token: admin.token });
const list = async (query: string) => {
  const r = await send('GET', `/api/vacancy_applications?${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.message as {
    vacancy_applications: Record<string, unknown>[];
    vacancy_application_count: number;
  };
};
const dataUrl = (text: string, type = 'text/plain') =>
  `data:${type};base64,${Buffer.from(text).toString('base64')}`;

describe('the list of hiring requests', () => {
  it('reads the page with names and files in one tenant read, no transaction', async () => {
    const division = await send('POST', '/api/account_divisions', { name: 'Бухгалтерия' });
    const template = await send('POST', '/api/vacancy_application_templates', {
      name: 'Новая ставка',
      fields: [],
      steps: [],
    });
    const created = await send('POST', '/api/vacancy_applications', {
      position: 'Главный бухгалтер',
      account_division_id: division.body.message.id,
      template_id: template.body.message.id,
      date_will_close: '31.12.2026',
      files: [{ file: dataUrl('%PDF-1.4 обоснование', 'application/pdf'), file_name: 'а.pdf' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await send('POST', '/api/vacancy_applications', { position: 'Кладовщик' });

    const transactions = vi.spyOn(t.database, 'withTenant');
    const reads = vi.spyOn(t.database, 'readAsTenant');
    try {
      const page = await list('per_page=1');
      expect(transactions).not.toHaveBeenCalled();
      expect(reads).toHaveBeenCalledTimes(1);
      expect(page.vacancy_application_count).toBe(2);
      expect(page.vacancy_applications).toHaveLength(1);
      const second = (await list('per_page=1&page=2')).vacancy_applications[0]!;
      expect(second).toMatchObject({
        id: created.body.message.id,
        position: 'Главный бухгалтер',
        date_will_close: '2026-12-31',
        template_name: 'Новая ставка',
        account_division: { id: division.body.message.id, name: 'Бухгалтерия' },
        author: { id: admin.userId },
        files: [
          {
            file_name: 'а.pdf',
            url: `/api/vacancy_applications/${created.body.message.id}/files/${created.body.message.files[0].id}`,
          },
        ],
        created_at: created.body.message.created_at,
      });
    } finally {
      transactions.mockRestore();
      reads.mockRestore();
    }
  });

  it('answers the total past the last page, with no rows', async () => {
    const page = await list('per_page=1&page=999');
    expect(page.vacancy_applications).toEqual([]);
    expect(page.vacancy_application_count).toBeGreaterThan(0);
    expect((await list('per_page=5&q=нет-такой-должности')).vacancy_application_count).toBe(0);
  });

  it('answers each request as its own page does, timestamps read as text included', async () => {
    const template = await send('POST', '/api/vacancy_application_templates', {
      name: 'С согласованием',
      fields: [],
      steps: [
        {
          name: 'Руководитель',
          mode: 'any',
          approvers: [{ type: 'user', user_id: admin.userId }],
          deadline_days: 2,
        },
      ],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const submitted = await send('POST', '/api/vacancy_applications', {
      position: 'Инженер-технолог',
      template_id: template.body.message.id,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const id = submitted.body.message.id as number;
    expect((await send('POST', `/api/vacancy_applications/${id}/submit`)).status).toBe(200);
    // Fractions of every length the text of a timestamp takes (none, one digit, microseconds);
    // a step kept without its start takes the request's.
    await t.database.system.execute(sql`
      update vacancy_applications
      set route = jsonb_set(route, '{0,started_at}', 'null'), created_at = '2026-01-02 03:04:05+00', updated_at = '2026-01-02 03:04:05.1+00',
          submitted_at = '2026-01-02 03:04:05.000999+00', step_started_at = '2026-01-02 23:59:59.999999+00'
      where account_id = ${admin.accountId} and id = ${id}`);
    const own = await send('GET', `/api/vacancy_applications/${id}`);
    expect(own.status).toBe(200);
    const { history: _history, ...expected } = own.body.message;
    expect(expected).toMatchObject({
      state: 'pending',
      created_at: '2026-01-02T03:04:05.000Z',
      updated_at: '2026-01-02T03:04:05.100Z',
      submitted_at: '2026-01-02T03:04:05.000Z',
    });
    expect(expected.steps[0].started_at).toBe('2026-01-02T23:59:59.999Z');
    const page = await list('per_page=100');
    const listed = page.vacancy_applications.filter((r) => r.id !== id);
    expect(page.vacancy_applications.find((r) => r.id === id)).toEqual(expected);
    // Every other request of the page equals its own page too.
    for (const other of listed) {
      const { history: _h, ...alone } = (await send('GET', `/api/vacancy_applications/${other.id}`))
        .body.message;
      expect(other).toEqual(alone);
    }
  });

  it('a write changes the next answer of the same filter', async () => {
    const before = await list('q=Логист');
    const r = await send('POST', '/api/vacancy_applications', { position: 'Логист' });
    expect(r.status).toBe(200);
    const after = await list('q=Логист');
    expect(after.vacancy_application_count).toBe(before.vacancy_application_count + 1);
    await send('PATCH', `/api/vacancy_applications/${r.body.message.id}`, { position: 'Водитель' });
    const renamed = await list('q=Логист');
    expect(renamed.vacancy_application_count).toBe(before.vacancy_application_count);
    expect((await list('q=одител')).vacancy_applications.map((x) => x.id)).toContain(
      r.body.message.id,
    );
  });
});

describe('the page as its statement wrote it', () => {
  // The statement writes each request's answer as JSON text and the API sends it as it is
  // (decision 0113): it must be what JSON.stringify of the checked answer gives, and what the
  // request's own page (drawn in TypeScript) answers, for any text and every state of a route.
  const odd = 'Кавычка " и \\ слэш\nперенос\tтаб \u0001\u001f \u2028 😀 </script>';
  const sent = (token: string, query: string) =>
    readAsContractWrites(t.app, token, `/api/vacancy_applications?${query}`, ZRequestPage);

  it('holds any text, nulls, empty lists, sub-millisecond times and every state of a route', async () => {
    const other = await signUpCompany(t.app, { company: 'ООО «Текст как есть»' });
    const watcher = await addTeamMember(t.app, other.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const recruiter = await addTeamMember(t.app, other.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const readers = [other, watcher, recruiter];
    for (const reader of readers) {
      const empty = await sent(reader.token, 'per_page=30');
      expect(empty).toEqual({
        vacancy_applications: [],
        vacancy_application_count: 0,
        page: 1,
        per_page: 30,
      });
    }
    const post = (url: string, body: unknown) =>
      call(t.app, 'POST', url, body, { token: other.token });
    const division = await post('/api/account_divisions', { name: 'Отдел «кавычек»' });
    const template = await post('/api/vacancy_application_templates', {
      name: 'Шаблон "с кавычками" \\ 😀',
      fields: [],
      steps: [],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const created = await post('/api/vacancy_applications', {
      position: 'Должность " \\ 😀 </script>',
      account_division_id: division.body.message.id,
      template_id: template.body.message.id,
      files: [{ file: dataUrl(odd), file_name: 'Файл "а" \\ 😀 </script>.txt' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bare = await post('/api/vacancy_applications', { position: 'Кладовщик' });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    const id = created.body.message.id as number;
    await t.database.system.execute(sql`
      update vacancy_applications
      set description = ${odd}, body = ${odd}, salary = ${odd}, comment = ${odd},
          requirements = '', salary_from = 0, days_until_deadline = -3,
          additional_fields_list = ${JSON.stringify([
            { type: 'string', name: ' Поле\u00a0', value: `  ${odd}\u2028 ` },
            { type: 'number', name: 'Сумма', value: 1.5 },
            { type: 'text', name: 'Без значения' },
            { type: 'number', name: 'Ноль', value: -0.25, extra: 'не в ответе' },
          ])}::jsonb,
          template_values = ${JSON.stringify({ b: odd, 10: 5, 2: null, a: 'x', ab: 1.25, 1: '' })}::jsonb,
          created_at = '2026-01-02 03:04:05.678999+00', updated_at = '2026-01-02 03:04:05+00'
      where account_id = ${other.accountId} and id = ${id}`);
    await t.database.system.execute(sql`
      update users set last_name = ${odd} where account_id = ${other.accountId} and id = ${other.userId}`);

    const approver = (
      userId: number | null,
      decision: string | null,
      extra: Record<string, unknown> = {},
    ) => ({
      decided_at: decision ? '2026-01-03T04:05:06.789Z' : null,
      comment: decision ? odd : null,
      decision,
      name: odd,
      email: userId === null ? 'board@partner.example' : null,
      user_id: userId,
      type: userId === null ? 'email' : 'user',
      ...extra,
    });
    const longAgo = '2026-01-02T03:04:05.6789Z';
    const route = (second: string | null, third: string | null, secondStart: string | null) => [
      {
        approvers: [approver(other.userId, 'approved')],
        started_at: longAgo,
        deadline_days: null,
        mode: 'any',
        name: odd,
      },
      {
        name: 'Все трое',
        mode: 'all',
        deadline_days: 2,
        started_at: secondStart,
        approvers: [
          approver(watcher.userId, second),
          approver(other.userId, second === null ? null : 'approved'),
          approver(null, second === null ? null : 'approved'),
        ],
      },
      {
        name: 'Руководитель',
        mode: 'any',
        deadline_days: 0,
        started_at: third,
        approvers: [approver(recruiter.userId, third === null ? null : 'approved', { x: 1 })],
      },
    ];
    const now = Date.now();
    const variants = [
      // Waiting on the second step past its deadline; the reader decides there or not.
      { state: 'pending', step: 1, route: route(null, null, longAgo), stepStarted: longAgo },
      // The second step kept without its start: it takes the request's, not yet due.
      {
        state: 'pending',
        step: 1,
        route: route(null, null, null),
        stepStarted: new Date(now - 86_400_000).toISOString().replace('Z', '999Z'),
      },
      { state: 'pending', step: 1, route: route(null, null, ''), stepStarted: null },
      { state: 'rejected', step: null, route: route('rejected', null, longAgo), stepStarted: null },
      { state: 'returned', step: null, route: route('returned', null, longAgo), stepStarted: null },
      {
        state: 'approved',
        step: null,
        route: route('approved', longAgo, longAgo),
        stepStarted: null,
      },
      { state: 'closed', step: 2, route: route('approved', longAgo, longAgo), stepStarted: null },
      { state: 'draft', step: null, route: [], stepStarted: null },
    ];
    let compared = 0;
    for (const variant of variants) {
      await t.database.system.execute(sql`
        update vacancy_applications
        set state = ${variant.state}, current_step = ${variant.step}, route = ${JSON.stringify(variant.route)}::jsonb,
            step_started_at = ${variant.stepStarted}::timestamptz, submitted_at = ${variant.stepStarted}::timestamptz
        where account_id = ${other.accountId} and id = ${id}`);
      for (const reader of readers) {
        const label = `${variant.state} ${variant.step} for ${reader.userId}`;
        const page = await sent(reader.token, 'per_page=30');
        for (const listed of page.vacancy_applications) {
          const own = await call(
            t.app,
            'GET',
            `/api/vacancy_applications/${listed.id}`,
            undefined,
            { token: reader.token },
          );
          expect(own.status, label).toBe(200);
          const { history: _history, ...alone } = own.body.message;
          expect(listed, label).toEqual(alone);
          // Keys in the same order too (the template's values: integer keys first).
          expect(JSON.stringify(listed), label).toBe(JSON.stringify(alone));
          compared += 1;
        }
      }
    }
    const pendingPage = await sent(other.token, 'per_page=1&page=2');
    expect(pendingPage.vacancy_applications.map((r) => r.id)).toEqual([id]);
    const listed = pendingPage.vacancy_applications[0]!;
    expect(listed).toMatchObject({
      position: 'Должность " \\ 😀 </script>',
      description: odd,
      salary: odd,
      requirements: '',
      days_until_deadline: -3,
      template_name: 'Шаблон "с кавычками" \\ 😀',
      account_division: { id: division.body.message.id, name: 'Отдел «кавычек»' },
      additional_fields_list: [
        { type: 'string', name: 'Поле', value: odd },
        { type: 'number', name: 'Сумма', value: 1.5 },
        { type: 'text', name: 'Без значения', value: null },
        { type: 'number', name: 'Ноль', value: -0.25 },
      ],
      template_values: { 1: '', 2: null, 10: 5, b: odd, a: 'x', ab: 1.25 },
      files: [{ file_name: 'Файл "а" \\ 😀 </script>.txt', field_key: null }],
      created_at: '2026-01-02T03:04:05.678Z',
      updated_at: '2026-01-02T03:04:05.000Z',
      steps: [],
    });
    // As JSON.parse orders them: integer keys ascending, then jsonb's order (shorter first).
    expect(Object.keys(listed.template_values)).toEqual(['1', '2', '10', 'a', 'b', 'ab']);
    expect(compared).toBeGreaterThan(variants.length * 3);
  });
});
