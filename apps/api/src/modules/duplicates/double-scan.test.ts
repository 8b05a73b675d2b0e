import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { tenantRows } from '../../../test/db-helpers.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let owner: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpCompany(t.app);
});
afterAll(() => t?.close());

const send = (method: 'GET' | 'POST', url: string, body?: unknown, token = owner.token) =>
  call(t.app, method, url, body, { token });

/** Polls the scan until it is done or failed, recording every progress it showed. */
async function waitForScan(token = owner.token) {
  const seen: { processed: number; total: number; state: string }[] = [];
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { body } = await send('GET', '/api/applicants/doubles/scan', undefined, token);
    const scan = body.message.scan;
    seen.push({ processed: scan.processed, total: scan.total, state: scan.state });
    if (scan.state === 'done' || scan.state === 'failed') return { scan, seen };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the scan did not finish');
}

// People of their own: neither names nor contacts alike.
const FILLER_SURNAMES = [
  'Абрамов',
  'Беляев',
  'Гусев',
  'Дьячков',
  'Ефимов',
  'Жуков',
  'Зайцев',
  'Игнатьев',
  'Калинин',
  'Лаптев',
  'Мухин',
  'Никитин',
  'Осипов',
  'Рябов',
  'Титов',
  'Уваров',
  'Фомин',
  'Хохлов',
  'Цветков',
  'Шубин',
];
const FILLER_FIRST_NAMES = [
  'Аркадий',
  'Богдан',
  'Вадим',
  'Глеб',
  'Давид',
  'Евгений',
  'Захар',
  'Илья',
  'Кирилл',
  'Лев',
  'Марк',
  'Нестор',
  'Олег',
  'Платон',
  'Руслан',
  'Савелий',
  'Тимур',
  'Фёдор',
  'Эдуард',
  'Ярослав',
];

describe('the background scan of the whole account', () => {
  let ids: number[];
  beforeAll(async () => {
    // Written straight into the database, as an old import would have: no keys, no pairs yet.
    ids = await insertApplicants(t.database, owner.accountId, [
      { lastName: 'Кузнецова', firstName: 'Елена', phone: '+7 (900) 123-45-67' },
      { lastName: 'Kuznetsova', firstName: 'Elena', phone: '89001234567' },
      { lastName: 'Кузнецов', firstName: 'Игорь', phone: '+79001234567' },
      { lastName: 'Орлов', firstName: 'Денис', email: 'd.orlov@mail.ru' },
      { lastName: 'Орлов', firstName: 'Денис', middleName: 'Андреевич', email: 'D.Orlov@Mail.ru' },
      { lastName: 'Павлова', firstName: 'Ирина', birthday: '1992-07-01', city: 'Самара' },
      { lastName: 'Павлова', firstName: 'Ирина', birthday: '1992-07-01', city: 'Самара' },
      { lastName: 'Павлова', firstName: 'Ирина', birthday: '1975-03-15', city: 'Самара' },
      ...FILLER_SURNAMES.map((lastName, i) => ({
        lastName,
        firstName: FILLER_FIRST_NAMES[i]!,
        email: `person${i}@example.ru`,
      })),
    ]);
    const keys = await tenantRows(
      t.database,
      owner.accountId,
      sql`select 1 from applicant_match_keys`,
    );
    expect(keys).toEqual([]);
  });

  it('has no scan before the first start', async () => {
    const none = await send('GET', '/api/applicants/doubles/scan');
    expect(none.body.message).toEqual({ scan: null });
  });

  it('finds the pairs, reports progress up to done and fills the list', async () => {
    const started = await send('POST', '/api/applicants/doubles/scan');
    expect(started.status).toBe(200);
    expect(started.body.message.scan).toMatchObject({ total: 28, pairs_found: 0 });
    expect(['queued', 'running', 'done']).toContain(started.body.message.scan.state);

    const { scan, seen } = await waitForScan();
    expect(scan).toMatchObject({ state: 'done', processed: 28, total: 28, error: null });
    expect(scan.finished_at).not.toBeNull();
    for (let i = 1; i < seen.length; i += 1) {
      expect(seen[i]!.processed).toBeGreaterThanOrEqual(seen[i - 1]!.processed);
    }
    // Елена twice (not her relative Игорь), Денис twice, Ирина with the same birthday twice.
    expect(scan.pairs_found).toBe(3);

    const page = await send('GET', '/api/applicants/doubles');
    const groups = page.body.message.groups.map((g: { applicants: { id: number }[] }) =>
      g.applicants.map((a) => a.id),
    );
    expect(groups).toHaveLength(3);
    expect(groups).toEqual(
      expect.arrayContaining([
        [ids[0], ids[1]],
        [ids[3], ids[4]],
        [ids[5], ids[6]],
      ]),
    );
    const keys = await tenantRows<{ n: number }>(
      t.database,
      owner.accountId,
      sql`select count(distinct applicant_id)::int as n from applicant_match_keys`,
    );
    expect(keys[0]!.n).toBe(28);
  });

  it('respects «Не дубль» when it runs again', async () => {
    await send('POST', '/api/applicants/doubles/dismiss', {
      applicant_id: ids[3],
      double_id: ids[4],
    });
    await send('POST', '/api/applicants/doubles/scan');
    const { scan } = await waitForScan();
    expect(scan.pairs_found).toBe(2);
    const page = await send('GET', '/api/applicants/doubles');
    const everyone = page.body.message.groups.flatMap((g: { applicants: { id: number }[] }) =>
      g.applicants.map((a) => a.id),
    );
    expect(everyone).not.toContain(ids[3]);
  });

  it('answers the running scan to a second start instead of starting another', async () => {
    const [first, second] = await Promise.all([
      send('POST', '/api/applicants/doubles/scan'),
      send('POST', '/api/applicants/doubles/scan'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.message.scan.id).toBe(first.body.message.scan.id);
    await waitForScan();
    const scans = await tenantRows(
      t.database,
      owner.accountId,
      sql`select id from applicant_double_scans where id >= ${first.body.message.scan.id}`,
    );
    expect(scans).toHaveLength(1);
  });

  it('scans only the caller’s account', async () => {
    const other = await signUpCompany(t.app, { company: 'ООО «Другие»' });
    await send('POST', '/api/applicants/doubles/scan', undefined, other.token);
    const { scan } = await waitForScan(other.token);
    expect(scan).toMatchObject({ state: 'done', total: 0, pairs_found: 0 });
    const page = await send('GET', '/api/applicants/doubles', undefined, other.token);
    expect(page.body.message.groups).toEqual([]);
  });
});
