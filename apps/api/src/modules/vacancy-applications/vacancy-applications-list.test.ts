import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
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
