import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows, tenantRows } from '../../test/db-helpers.ts';
import { PASSWORD, signUpCompany, uniqueEmail } from '../../test/factories.ts';
import { type TestApp, createTestApp } from '../../test/test-app.ts';
import {
  changesBetween,
  recordAudit,
  recordFailedSecondFactor,
  recordFailedSignIn,
  securityEvent,
  withoutSecrets,
} from './audit.ts';

type EventRow = {
  account_id: number;
  actor_user_id: number | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: number | null;
  summary: string;
  changes: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
};

const ORIGIN = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' };

describe('what the audit log keeps out and how it describes a change', () => {
  it('drops passwords, hashes, tokens and secrets at any depth', () => {
    const cleaned = withoutSecrets({
      name: 'Анна',
      password: 'correct-horse-1',
      password_confirmation: 'correct-horse-1',
      passwordHash: '$argon2id$…',
      settings: { auth_token: 'abc', totp_secret: 'JBSW', recovery_codes: ['1'], visible: true },
      list: [{ api_key: 'k', title: 'x' }],
    });
    expect(cleaned).toEqual({ name: 'Анна', settings: { visible: true }, list: [{ title: 'x' }] });
  });

  it('names only the fields that changed, nested ones with dots, and never a secret', () => {
    const changes = changesBetween(
      {
        name: 'ООО «Ромашка»',
        inn: null,
        rights: { can_manage_tag: true, can_manage_vacancy: true },
        password: 'old-secret',
      },
      {
        name: 'ООО «Лютик»',
        inn: undefined,
        rights: { can_manage_tag: false, can_manage_vacancy: true },
        password: 'new-secret',
      },
    );
    expect(changes).toEqual({
      name: { from: 'ООО «Ромашка»', to: 'ООО «Лютик»' },
      'rights.can_manage_tag': { from: true, to: false },
    });
  });
});

describe('recording events in the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Signing up opens a session, which is itself recorded: each test reads what came after.
  const since = new Map<number, number>();
  const signUp = async () => {
    const company = await signUpCompany(t.app);
    const [last] = await systemRows<{ id: number }>(
      t.database,
      sql`select coalesce(max(id), 0)::int as id from audit_events`,
    );
    since.set(company.accountId, last!.id);
    return company;
  };

  const eventsOf = (accountId: number) =>
    systemRows<EventRow>(
      t.database,
      sql`select account_id, actor_user_id, actor_email, action, target_type, target_id, summary,
        changes, ip, user_agent
      from audit_events where account_id = ${accountId} and id > ${since.get(accountId) ?? 0}
      order by id`,
    );

  it('an action that rolls back leaves no event; one that commits leaves exactly one', async () => {
    const company = await signUp();
    const actor = { accountId: company.accountId, userId: company.userId };
    const event = { action: 'tag.deleted' as const, summary: 'Удалена метка «Java»' };
    await expect(
      t.database.withTenant(company.accountId, async (tx) => {
        await recordAudit(tx, actor, event, ORIGIN);
        throw new Error('the action failed after its event was written');
      }),
    ).rejects.toThrow('the action failed');
    expect(await eventsOf(company.accountId)).toEqual([]);

    await t.database.withTenant(company.accountId, (tx) => recordAudit(tx, actor, event, ORIGIN));
    expect(await eventsOf(company.accountId)).toMatchObject([
      { actor_user_id: company.userId, action: 'tag.deleted', ip: ORIGIN.ip },
    ]);
  });

  it('the application role appends and reads events, but can neither change nor remove one', async () => {
    const company = await signUp();
    const actor = { accountId: company.accountId, userId: company.userId };
    await t.database.withTenant(company.accountId, (tx) =>
      recordAudit(tx, actor, { action: 'auth.sign_in', summary: 'Вход в систему' }, ORIGIN),
    );
    const [event] = await tenantRows<{ id: number }>(
      t.database,
      company.accountId,
      sql`select id from audit_events`,
    );
    expect(event).toBeDefined();

    const asApp = (statement: ReturnType<typeof sql>) =>
      t.database.withTenant(company.accountId, (tx) => tx.execute(statement));
    await expect(
      asApp(sql`update audit_events set summary = 'Ничего не было' where id = ${event!.id}`),
    ).rejects.toThrow();
    await expect(asApp(sql`delete from audit_events where id = ${event!.id}`)).rejects.toThrow();
    await expect(asApp(sql`truncate audit_events`)).rejects.toThrow();
    // Not even the owner connection rewrites history.
    await expect(
      t.database.system.execute(
        sql`update audit_events set summary = 'Ничего не было' where id = ${event!.id}`,
      ),
    ).rejects.toThrow();

    expect(await eventsOf(company.accountId)).toMatchObject([{ summary: 'Вход в систему' }]);
  });

  it('an account cannot write an event into another account', async () => {
    const mine = await signUp();
    const theirs = await signUp();
    await expect(
      t.database.withTenant(mine.accountId, (tx) =>
        recordAudit(
          tx,
          { accountId: theirs.accountId, userId: theirs.userId },
          { action: 'auth.sign_in', summary: 'Подделка' },
          ORIGIN,
        ),
      ),
    ).rejects.toThrow();
    expect(await eventsOf(theirs.accountId)).toEqual([]);
  });

  const SECURITY_EVENTS = [
    ['auth.sign_in', 'Вход в систему'],
    ['auth.sign_out', 'Выход из системы'],
    ['auth.password_changed', 'Пароль изменён'],
    ['auth.password_reset', 'Пароль задан по ссылке из письма'],
    ['auth.two_factor_enabled', 'Включён двухфакторный вход'],
    ['auth.two_factor_disabled', 'Выключен двухфакторный вход'],
    ['auth.sessions_ended', 'Завершены другие сеансы'],
  ] as const;
  // What the sign-in and safety flows record inside their transactions, and the failed second
  // step, which has a transaction of its own.
  const RECORDERS = [
    ...SECURITY_EVENTS.map(
      ([action, summary]) =>
        [
          `securityEvent('${action}')`,
          (database: TestApp['database'], user: { accountId: number; userId: number }) =>
            database.withTenant(user.accountId, (tx) =>
              recordAudit(tx, user, securityEvent(action, user.userId), ORIGIN),
            ),
          action,
          summary,
        ] as const,
    ),
    [
      'recordFailedSecondFactor',
      (database: TestApp['database'], user: { accountId: number; userId: number }) =>
        recordFailedSecondFactor(database, user, ORIGIN),
      'auth.sign_in_failed',
      'Неверный код двухфакторного входа',
    ] as const,
  ];

  for (const [name, record, action, summary] of RECORDERS) {
    it(`${name} records ${action} for the user, with where it came from`, async () => {
      const company = await signUp();
      await record(t.database, { accountId: company.accountId, userId: company.userId });
      expect(await eventsOf(company.accountId)).toEqual([
        {
          account_id: company.accountId,
          actor_user_id: company.userId,
          actor_email: null,
          action,
          target_type: 'user',
          target_id: company.userId,
          summary,
          changes: {},
          ip: ORIGIN.ip,
          user_agent: ORIGIN.userAgent,
        },
      ]);
    });
  }

  it('a flow with its own transaction records the same event inside it, and loses it on rollback', async () => {
    const company = await signUp();
    const user = { accountId: company.accountId, userId: company.userId };
    await expect(
      t.database.withTenant(company.accountId, async (tx) => {
        await recordAudit(tx, user, securityEvent('auth.two_factor_enabled', user.userId), ORIGIN);
        throw new Error('the code was wrong after all');
      }),
    ).rejects.toThrow();
    expect(await eventsOf(company.accountId)).toEqual([]);
    await t.database.withTenant(company.accountId, (tx) =>
      recordAudit(tx, user, securityEvent('auth.two_factor_enabled', user.userId), ORIGIN),
    );
    expect(await eventsOf(company.accountId)).toMatchObject([
      {
        action: 'auth.two_factor_enabled',
        summary: 'Включён двухфакторный вход',
        target_id: user.userId,
      },
    ]);
  });

  it('a wrong password for a known address is recorded in that user’s account only', async () => {
    const target = await signUp();
    const bystander = await signUp();
    await recordFailedSignIn(t.database, target.email, ORIGIN);
    expect(await eventsOf(target.accountId)).toEqual([
      expect.objectContaining({
        actor_user_id: target.userId,
        actor_email: target.email,
        action: 'auth.sign_in_failed',
        target_type: 'user',
        target_id: target.userId,
        ip: ORIGIN.ip,
        user_agent: ORIGIN.userAgent,
      }),
    ]);
    expect(await eventsOf(bystander.accountId)).toEqual([]);
  });

  it('a wrong password for an address no one has is recorded nowhere, and answers the same', async () => {
    const countEvents = async (where = sql`true`) => {
      const rows = await systemRows<{ count: string }>(
        t.database,
        sql`select count(*) from audit_events where ${where}`,
      );
      return Number(rows[0]?.count);
    };
    const known = await signUp();
    const before = await countEvents();
    const unknown = uniqueEmail('nobody');
    const answer = await recordFailedSignIn(t.database, unknown, ORIGIN);
    const knownAnswer = await recordFailedSignIn(t.database, known.email, ORIGIN);
    expect(answer).toBe(knownAnswer);
    expect(await countEvents(sql`actor_email = ${unknown}`)).toBe(0);
    expect(await countEvents()).toBe(before + 1);
  });

  it('an event recorded while serving a request carries the caller’s address and browser', async () => {
    const company = await signUp();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: {
        'x-dcrt-hrm-auth': company.token,
        'user-agent': 'AuditTest/1.0 (Яндекс Браузер)',
      },
      payload: {
        admin_user: {
          email: uniqueEmail('colleague'),
          name: 'Борис',
          member_type: 'owner',
          is_admin: false,
          password: PASSWORD,
        },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const events = await eventsOf(company.accountId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'user.invited',
      ip: '127.0.0.1',
      user_agent: 'AuditTest/1.0 (Яндекс Браузер)',
    });
    expect(JSON.stringify(events[0])).not.toContain(PASSWORD);
  });
});
