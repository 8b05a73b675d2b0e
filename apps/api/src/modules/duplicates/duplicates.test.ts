import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantRows } from '../../../test/db-helpers.ts';
import { postMultipart } from '../../../test/documents.ts';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { countStatements } from '../../../test/statement-counter.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { CHECK_CANDIDATE_LIMIT, subjectOfDraft } from './double-detection.service.ts';
import { matchKeysOf } from './matching/double-matching.ts';

let t: TestApp;
let owner: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(() => t?.close());

const send = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) => call(t.app, method, url, body, { token });

async function create(token: string, body: Record<string, unknown>) {
  const response = await send(token, 'POST', '/api/applicants', body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
}

const MARIA = {
  last_name: 'Иванова',
  first_name: 'Мария',
  middle_name: 'Петровна',
  phone: '+79123456789',
  email: 'maria.ivanova@mail.ru',
  birthday: '1990-04-12',
  city: 'Екатеринбург',
};

describe('doubles found when an applicant is created', () => {
  let maria: { id: number };
  beforeAll(async () => {
    maria = await create(owner.token, { ...MARIA, position: 'Бухгалтер', company: 'Уралсталь' });
  });

  it('keeps the city on the card and answers no doubles for the first of a kind', async () => {
    const card = await send(owner.token, 'GET', `/api/applicants/${maria.id}`);
    expect(card.body.message.city).toBe('Екатеринбург');
    const lone = await create(owner.token, { first_name: 'Уникальный', last_name: 'Человек' });
    expect(lone.doubles).toEqual([]);
  });

  it('answers the earlier record for the same person typed in Latin with the phone in another format', async () => {
    const again = await create(owner.token, {
      first_name: 'Maria',
      last_name: 'Ivanova',
      phone: '8 (912) 345-67-89',
    });
    expect(again.doubles).toHaveLength(1);
    const [double] = again.doubles;
    expect(double.applicant).toMatchObject({
      id: maria.id,
      last_name: 'Иванова',
      city: 'Екатеринбург',
      company: 'Уралсталь',
      is_archived: false,
    });
    expect(double.level).toBe('certain');
    expect(double.score).toBeGreaterThan(0.5);
    expect(double.reasons).toContain('совпадает телефон');
    expect(double.reasons).toContain('ФИО в латинице');
  });

  it('looks up no earlier keys, pairs or dismissals of an applicant it has just created', async () => {
    const counter = countStatements(t.database);
    let again;
    try {
      again = await create(owner.token, {
        first_name: 'Mariya',
        last_name: 'Ivanova',
        email: MARIA.email,
      });
    } finally {
      counter.stop();
    }
    expect(again.doubles.map((d: { applicant: { id: number } }) => d.applicant.id)).toContain(
      maria.id,
    );
    // Its keys are inserted, not replaced; it cannot have stored pairs or dismissals yet.
    const lookups = counter.all().filter((statement) => {
      const text = statement.replace(/\s+/g, ' ').toLowerCase();
      return (
        text.startsWith('delete from applicant_match_keys') ||
        text.includes('from applicant_double_dismissals') ||
        text.startsWith(
          'select applicant_id, double_id, level, score, reasons, group_id from applicant_doubles',
        )
      );
    });
    expect(lookups).toEqual([]);
  });

  it('answers a probable double for the same name, birthday and city without any contact', async () => {
    const probable = await create(owner.token, {
      first_name: 'Мария',
      last_name: 'Иванова',
      birthday: '1990-04-12',
      city: 'Екатеринбург',
    });
    const ids = probable.doubles.map((d: { applicant: { id: number } }) => d.applicant.id);
    expect(ids).toContain(maria.id);
    const match = probable.doubles.find(
      (d: { applicant: { id: number } }) => d.applicant.id === maria.id,
    );
    expect(match.reasons).toContain('совпадает дата рождения');
  });

  it('flags an archived double', async () => {
    const archived = await create(owner.token, {
      first_name: 'Архип',
      last_name: 'Архивов',
      email: 'arhip@example.ru',
    });
    await send(owner.token, 'POST', `/api/applicants/${archived.id}/archive`);
    const again = await create(owner.token, {
      first_name: 'Архип',
      last_name: 'Архивов',
      email: 'ARHIP@example.ru ',
    });
    expect(again.doubles).toHaveLength(1);
    expect(again.doubles[0].applicant).toMatchObject({ id: archived.id, is_archived: true });
    expect(again.doubles[0].reasons).toContain('совпадает e-mail');
  });

  it('does not take relatives sharing a phone for doubles', async () => {
    await create(owner.token, { first_name: 'Иван', last_name: 'Сидоров', phone: '+79001112233' });
    const wife = await create(owner.token, {
      first_name: 'Ольга',
      last_name: 'Сидорова',
      phone: '89001112233',
    });
    expect(wife.doubles).toEqual([]);
  });

  it('never shows another account’s applicants', async () => {
    const elsewhere = await create(stranger.token, { ...MARIA });
    expect(elsewhere.doubles).toEqual([]);
  });
});

describe('the doubles a create answers (decision 0111)', () => {
  it('come from one transaction that compares the fields as inserted, and are what the check and the stored pairs say', async () => {
    const company = await signUpCompany(t.app, { company: 'ООО «Одна транзакция»' });
    const earlier = await create(company.token, {
      first_name: 'Григорий',
      last_name: 'Сотников',
      birthday: '1985-02-03',
      city: 'Казань',
    });
    const bySkype = await create(company.token, {
      first_name: 'Григорий',
      last_name: 'Сотников',
      contacts: [{ contact_type: 'skype', value: 'g.sotnikov.work' }],
    });
    const body = {
      first_name: 'Grigory',
      last_name: 'Sotnikov',
      birthday: '1985-02-03',
      city: 'Казань',
      contacts: [{ contact_type: 'skype', value: 'g.sotnikov.work', is_prefered: true }],
    };
    const counter = countStatements(t.database);
    let created;
    try {
      created = await create(company.token, body);
    } finally {
      counter.stop();
    }
    const idsOf = (matches: { applicant: { id: number } }[]) =>
      matches.map((m) => m.applicant.id).sort((a, b) => a - b);
    // The birthday and the contacts reach the comparison from the insert's answer.
    expect(idsOf(created.doubles)).toEqual([earlier.id, bySkype.id].sort((a, b) => a - b));
    const reasonsOf = (id: number) =>
      created.doubles.find((m: { applicant: { id: number } }) => m.applicant.id === id).reasons;
    expect(reasonsOf(earlier.id)).toContain('совпадает дата рождения');
    expect(reasonsOf(bySkype.id)).toContain('совпадает Skype');
    const statements = counter.all().map((text) => text.replace(/\s+/g, ' ').toLowerCase());
    // The caller's rights are read inside the creating transaction: one transaction in all.
    expect(statements.filter((text) => text === 'set local role ats_app')).toHaveLength(1);
    // The new row is not read back for the check (the card of the answer is another statement).
    const readBack = statements.filter(
      (text) =>
        text.startsWith('select ') &&
        text.includes("a.photo_file_id, to_char(a.birthday, 'yyyy-mm-dd') as birthday, a.email"),
    );
    expect(readBack).toEqual([]);

    const checked = await send(company.token, 'POST', '/api/applicants/check_doubles', {
      ...body,
      exclude_id: created.id,
    });
    expect(checked.status).toBe(200);
    expect(checked.body.message.items).toEqual(created.doubles);
    const stored = await send(company.token, 'GET', `/api/applicants/${created.id}/get_double`);
    expect(idsOf(stored.body.message.items)).toEqual(idsOf(created.doubles));
  });
});

describe('the create form’s check and an applicant’s doubles', () => {
  let first: { id: number };
  let second: { id: number };
  beforeAll(async () => {
    first = await create(owner.token, {
      first_name: 'Алексей',
      last_name: 'Прохоров',
      email: 'prokhorov@yandex.ru',
      tg: '@prokhorov_a',
    });
    second = await create(owner.token, {
      first_name: 'Aleksei',
      last_name: 'Prokhorov',
      tg: 'https://t.me/Prokhorov_A',
    });
  });

  it('checks a draft before saving and answers the matches with reasons', async () => {
    const checked = await send(owner.token, 'POST', '/api/applicants/check_doubles', {
      first_name: 'Алексей',
      last_name: 'Прохоров',
      email: 'PROKHOROV@yandex.ru',
    });
    expect(checked.status).toBe(200);
    const ids = checked.body.message.items.map(
      (m: { applicant: { id: number } }) => m.applicant.id,
    );
    expect(ids).toContain(first.id);
    expect(checked.body.message.items[0].reasons).toContain('совпадает e-mail');
  });

  it('leaves the edited applicant itself out with exclude_id', async () => {
    const checked = await send(owner.token, 'POST', '/api/applicants/check_doubles', {
      first_name: 'Алексей',
      last_name: 'Прохоров',
      email: 'prokhorov@yandex.ru',
      exclude_id: first.id,
    });
    const ids = checked.body.message.items.map(
      (m: { applicant: { id: number } }) => m.applicant.id,
    );
    expect(ids).not.toContain(first.id);
  });

  it('answers get_double with the other record, its score and reasons', async () => {
    const doubles = await send(owner.token, 'GET', `/api/applicants/${first.id}/get_double`);
    expect(doubles.status).toBe(200);
    expect(doubles.body.message.items).toEqual([
      expect.objectContaining({
        applicant: expect.objectContaining({ id: second.id, first_name: 'Aleksei' }),
        level: 'certain',
        reasons: expect.arrayContaining(['совпадает Telegram']),
      }),
    ]);
  });

  it('finds a double made by editing, and forgets it when the edit is undone', async () => {
    const other = await create(owner.token, { first_name: 'Борис', last_name: 'Годунов' });
    const edited = await send(owner.token, 'PATCH', `/api/applicants/${other.id}`, {
      email: 'prokhorov@yandex.ru',
      first_name: 'Алексей',
      last_name: 'Прохоров',
    });
    expect(edited.status).toBe(200);
    const found = await send(owner.token, 'GET', `/api/applicants/${first.id}/get_double`);
    expect(
      found.body.message.items.map((m: { applicant: { id: number } }) => m.applicant.id),
    ).toContain(other.id);
    await send(owner.token, 'PATCH', `/api/applicants/${other.id}`, {
      email: null,
      first_name: 'Борис',
      last_name: 'Годунов',
    });
    const list = await send(owner.token, 'GET', '/api/applicants/doubles?per_page=100');
    const everyone = list.body.message.groups.flatMap((g: { applicants: { id: number }[] }) =>
      g.applicants.map((a) => a.id),
    );
    expect(everyone).not.toContain(other.id);
  });

  it('answers 404 in Russian for an unknown or foreign applicant', async () => {
    const foreign = await send(stranger.token, 'GET', `/api/applicants/${first.id}/get_double`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Кандидат не найден');
  });

  it('refuses a malformed check in Russian', async () => {
    const bad = await send(owner.token, 'POST', '/api/applicants/check_doubles', {
      first_name: 'Алексей',
      birthday: '31.02.1990',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    expect(JSON.stringify(bad.body)).toMatch(/ГГГГ-ММ-ДД/);
  });
});

describe('the list of doubles and «Не дубль»', () => {
  let account: SignedUp;
  let ids: { anna: number; anna2: number; anna3: number; petr: number; petr2: number };
  beforeAll(async () => {
    account = await signUpCompany(t.app, { company: 'ООО «Дубли»' });
    const anna = await create(account.token, {
      first_name: 'Анна',
      last_name: 'Смирнова',
      phone: '+7 916 000-11-22',
    });
    const anna2 = await create(account.token, {
      first_name: 'Anna',
      last_name: 'Smirnova',
      phone: '9160001122',
      email: 'anna.s@gmail.com',
    });
    const anna3 = await create(account.token, {
      first_name: 'Анна',
      last_name: 'Смирнова',
      email: 'Anna.S@gmail.com',
    });
    const petr = await create(account.token, {
      first_name: 'Пётр',
      last_name: 'Волков',
      middle_name: 'Ильич',
      birthday: '1985-01-02',
      city: 'Казань',
    });
    const petr2 = await create(account.token, {
      first_name: 'Петр',
      last_name: 'Волков',
      birthday: '1985-01-02',
      city: 'Казань',
    });
    ids = { anna: anna.id, anna2: anna2.id, anna3: anna3.id, petr: petr.id, petr2: petr2.id };
  });

  const list = (query = '') => send(account.token, 'GET', `/api/applicants/doubles${query}`);

  it('groups the applicants linked by pairs, certain groups first, with scores and reasons', async () => {
    const page = await list();
    expect(page.status).toBe(200);
    const { groups, counts, group_count } = page.body.message;
    expect(counts).toEqual({ certain: 1, probable: 1 });
    expect(group_count).toBe(2);
    const [annas, petrs] = groups;
    expect(annas.level).toBe('certain');
    expect(annas.id).toBe(ids.anna);
    expect(annas.applicants.map((a: { id: number }) => a.id)).toEqual([
      ids.anna,
      ids.anna2,
      ids.anna3,
    ]);
    expect(annas.pairs.length).toBeGreaterThanOrEqual(2);
    for (const pair of annas.pairs) {
      expect(pair.applicant_id).toBeLessThan(pair.double_id);
      expect(pair.score).toBeGreaterThan(0);
      expect(pair.reasons.length).toBeGreaterThan(0);
    }
    expect(petrs.level).toBe('probable');
    expect(petrs.applicants.map((a: { id: number }) => a.id)).toEqual([ids.petr, ids.petr2]);
    expect(petrs.pairs[0].reasons).toContain('совпадает дата рождения');
  });

  it('filters by level and pages', async () => {
    const probable = await list('?level=probable');
    expect(probable.body.message.groups.map((g: { id: number }) => g.id)).toEqual([ids.petr]);
    expect(probable.body.message.group_count).toBe(1);
    const second = await list('?per_page=1&page=2');
    expect(second.body.message.groups.map((g: { id: number }) => g.id)).toEqual([ids.petr]);
    const bad = await list('?level=maybe');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Уровень: certain или probable');
  });

  it('«Не дубль» removes the pair for good: from the list, get_double and later checks', async () => {
    const dismissed = await send(account.token, 'POST', '/api/applicants/doubles/dismiss', {
      applicant_id: ids.petr2,
      double_id: ids.petr,
    });
    expect(dismissed.status).toBe(200);
    const page = await list();
    expect(page.body.message.counts).toEqual({ certain: 1, probable: 0 });
    const live = await send(account.token, 'GET', `/api/applicants/${ids.petr}/get_double`);
    expect(live.body.message.items).toEqual([]);
    // An edit runs the check again: the dismissed pair stays dismissed.
    await send(account.token, 'PATCH', `/api/applicants/${ids.petr2}`, { city: 'Казань ' });
    expect((await list('?level=probable')).body.message.groups).toEqual([]);
  });

  it('splits a group when the pair linking it is dismissed', async () => {
    const page = await list('?level=certain');
    const pairs: { applicant_id: number; double_id: number }[] = page.body.message.groups[0].pairs;
    // Dismiss every pair that involves anna3: the other two stay a group.
    for (const pair of pairs.filter((p) => [p.applicant_id, p.double_id].includes(ids.anna3))) {
      await send(account.token, 'POST', '/api/applicants/doubles/dismiss', pair);
    }
    const after = await list('?level=certain');
    expect(after.body.message.groups).toHaveLength(1);
    expect(after.body.message.groups[0].applicants.map((a: { id: number }) => a.id)).toEqual([
      ids.anna,
      ids.anna2,
    ]);
  });

  it('refuses to dismiss an applicant with itself or someone unknown, in Russian', async () => {
    const self = await send(account.token, 'POST', '/api/applicants/doubles/dismiss', {
      applicant_id: ids.anna,
      double_id: ids.anna,
    });
    expect(self.status).toBe(400);
    expect(JSON.stringify(self.body)).toContain('Кандидат не может быть дублем самого себя');
    const foreign = await send(stranger.token, 'POST', '/api/applicants/doubles/dismiss', {
      applicant_id: ids.anna,
      double_id: ids.anna2,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Кандидат не найден');
  });
});

describe('deleting an applicant who linked a group', () => {
  it('splits the group it held together, each part named by one of its own', async () => {
    const account = await signUpCompany(t.app);
    const person = (birthday?: string) =>
      create(account.token, {
        last_name: 'Соколова',
        first_name: 'Елена',
        ...(birthday ? { birthday } : {}),
      });
    // Without a birthday the first is a probable double of all; the others differ by birthday.
    const hub = await person();
    const a = await person('1985-01-01');
    const c = await person('1985-01-01');
    const b = await person('1990-02-02');
    const d = await person('1990-02-02');
    const groupsOf = async () => {
      const page = await send(account.token, 'GET', '/api/applicants/doubles');
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      return (page.body.message.groups as { id: number; applicants: { id: number }[] }[]).map(
        (g) => ({ id: g.id, members: g.applicants.map((x) => x.id).sort((x, y) => x - y) }),
      );
    };
    expect(await groupsOf()).toEqual([{ id: hub.id, members: [hub.id, a.id, c.id, b.id, d.id] }]);

    const deleted = await send(account.token, 'DELETE', `/api/applicants/${hub.id}?confirm=true`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const after = await groupsOf();
    expect(after.map((g) => g.members).sort((x, y) => x[0]! - y[0]!)).toEqual([
      [a.id, c.id],
      [b.id, d.id],
    ]);
    expect(after.map((g) => g.id).sort((x, y) => x - y)).toEqual([a.id, b.id]);
  });
});

describe('doubles arriving by import', () => {
  it('stores the pairs of imported rows, so the list shows them', async () => {
    const account = await signUpCompany(t.app, { company: 'ООО «Импорт»' });
    const existing = await create(account.token, {
      first_name: 'Галина',
      last_name: 'Зуева',
      phone: '+7 (922) 555-44-33',
    });
    const csv = Buffer.from('ФИО;Телефон\nZueva Galina;8 922 555 44 33\nПетров Кирилл;\n');
    const uploaded = await postMultipart(
      t.app,
      '/api/applicants/imports',
      [{ name: 'file', filename: 'кандидаты.csv', content: csv }],
      account.token,
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const { id, fields } = uploaded.body.message;
    expect(fields).toEqual(['full_name', 'phone']);
    await send(account.token, 'POST', `/api/applicants/imports/${id}/start`, { fields });
    let status = '';
    for (let attempt = 0; attempt < 100 && !['done', 'failed'].includes(status); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await send(account.token, 'GET', `/api/applicants/imports/${id}`)).body.message
        .status;
    }
    expect(status).toBe('done');
    const page = await send(account.token, 'GET', '/api/applicants/doubles');
    expect(page.body.message.groups).toHaveLength(1);
    const [group] = page.body.message.groups;
    expect(group.level).toBe('certain');
    expect(group.applicants.map((a: { id: number }) => a.id)[0]).toBe(existing.id);
    expect(group.applicants[1]).toMatchObject({ last_name: 'Zueva', first_name: 'Galina' });
  });
});

describe('watchers', () => {
  it('get 403 in Russian on every doubles endpoint', async () => {
    const watcher = await addTeamMember(t.app, owner.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const calls: [string, 'GET' | 'POST', string, unknown?][] = [
      ['check', 'POST', '/api/applicants/check_doubles', { first_name: 'Мария' }],
      ['get_double', 'GET', '/api/applicants/1/get_double'],
      ['list', 'GET', '/api/applicants/doubles'],
      ['dismiss', 'POST', '/api/applicants/doubles/dismiss', { applicant_id: 1, double_id: 2 }],
      ['scan', 'POST', '/api/applicants/doubles/scan'],
      ['scan status', 'GET', '/api/applicants/doubles/scan'],
      ['preview', 'POST', '/api/applicants/merge_preview', { primary_id: 1, secondary_id: 2 }],
      ['merge', 'POST', '/api/applicants/merge', { primary_id: 1, secondary_id: 2 }],
      ['merges', 'GET', '/api/applicants/merges?applicant_id=1'],
      ['undo', 'POST', '/api/applicants/merges/1/undo'],
    ];
    for (const [name, method, url, body] of calls) {
      const response = await send(watcher.token, method as 'GET', url, body);
      expect([name, response.status, response.body.message]).toEqual([
        name,
        403,
        'Заказчику недоступны дубли кандидатов',
      ]);
    }
  });
});

describe('a crowd of namesakes', () => {
  it('never hides the applicant with the same phone behind hundreds of namesakes', async () => {
    const crowd = await signUpCompany(t.app, { company: 'ООО «Тёзки»' });
    // Each key of the name leads to a hundred other people (as «Мария Иванова», «Марина
    // Иванова», «Мария Иванченко» … do in a large base): more than the check compares.
    const keys = matchKeysOf(subjectOfDraft({ first_name: 'Мария', last_name: 'Иванова' }));
    expect(keys.length * 100).toBeGreaterThan(CHECK_CANDIDATE_LIMIT);
    await tenantRows(
      t.database,
      crowd.accountId,
      sql`with made as (
            insert into applicants (account_id, last_name, first_name, phone, created_at, updated_at)
            select ${crowd.accountId}::int, 'Иванова', 'Мария', '+7900' || lpad(n::text, 7, '0'),
              now(), now()
            from generate_series(1, ${keys.length * 100}::int) g(n)
            returning id),
          numbered as (select id, (row_number() over (order by id) - 1)::int as n from made)
          insert into applicant_match_keys (account_id, applicant_id, key)
          select ${crowd.accountId}::int, id, ${JSON.stringify(keys)}::jsonb ->> (n / 100)
          from numbered`,
    );
    const maria = await create(crowd.token, {
      first_name: 'Мария',
      last_name: 'Иванова',
      phone: '+79161234567',
    });

    const checked = await send(crowd.token, 'POST', '/api/applicants/check_doubles', {
      first_name: 'Мария',
      last_name: 'Иванова',
      phone: '8 916 123-45-67',
    });
    expect(checked.status).toBe(200);
    const [best] = checked.body.message.items;
    expect(best.applicant.id).toBe(maria.id);
    expect(best.reasons).toContain('совпадает телефон');
  });
});
