import { accountTariffs } from '@ats/db/schema/accounts';
import { selectRows } from '@ats/db/connection';
import { users } from '@ats/db/schema/users';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { type SignedUp, signUpCompany } from '../../test/factories.ts';

/** Every table whose rows belong to an account (a NOT NULL account_id), plus accounts itself. */
async function tenantTables(t: TestApp) {
  const rows = await selectRows<{ table_name: string }>(
    t.database.system,
    sql`select table_name::text from information_schema.columns
        where table_schema = 'public' and column_name = 'account_id' and is_nullable = 'NO'
        order by table_name`,
  );
  return ['accounts', ...rows.map((r) => r.table_name)];
}

describe('accounts are fenced by row-level security', () => {
  let t: TestApp;
  let romashka: SignedUp;
  let vasilek: SignedUp;
  beforeAll(async () => {
    t = await createTestApp();
    romashka = await signUpCompany(t.app, { company: 'Ромашка' });
    vasilek = await signUpCompany(t.app, { company: 'Василёк' });
  });
  afterAll(() => t.close());

  it('works as a role that is neither superuser nor exempt from RLS', async () => {
    const [role] = await t.database.withTenant(romashka.accountId, (tx) =>
      selectRows<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean }>(
        tx,
        sql`select current_user, r.rolsuper, r.rolbypassrls from pg_roles r where r.rolname = current_user`,
      ),
    );
    expect(role).toEqual({ current_user: 'ats_app', rolsuper: false, rolbypassrls: false });
  });

  it('has RLS enabled with a tenant policy on every tenant table', async () => {
    const TENANT_TABLES = await tenantTables(t);
    expect(TENANT_TABLES).toEqual(
      expect.arrayContaining(['users', 'sessions', 'applicants', 'tags']),
    );
    const rows = await selectRows<{ relname: string; relrowsecurity: boolean; policies: number }>(
      t.database.system,
      sql`select c.relname, c.relrowsecurity, (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
          from pg_class c where c.relname in ${TENANT_TABLES} and c.relkind = 'r'`,
    );
    expect(rows).toHaveLength(TENANT_TABLES.length);
    for (const row of rows) {
      expect(row.relrowsecurity, row.relname).toBe(true);
      expect(row.policies, row.relname).toBeGreaterThanOrEqual(1);
    }
    // More than one policy is allowed (the audit log reads and appends separately), but every one
    // is fenced by the tenant setting.
    const unfenced = await selectRows<{ tablename: string; policyname: string }>(
      t.database.system,
      sql`select tablename, policyname from pg_policies
          where tablename in ${TENANT_TABLES}
            and coalesce(qual, '') not like '%app.account_id%'
            and coalesce(with_check, '') not like '%app.account_id%'`,
    );
    expect(unfenced).toEqual([]);
  });

  it('sees no rows when no tenant is set', async () => {
    const TENANT_TABLES = await tenantTables(t);
    const counts = await t.database.system.transaction(async (tx) => {
      await tx.execute(sql`set local role ats_app`);
      return Promise.all(
        TENANT_TABLES.map(
          async (table) =>
            (
              await selectRows<{ n: number }>(
                tx,
                sql`select count(*)::int as n from ${sql.identifier(table)}`,
              )
            )[0]!.n,
        ),
      );
    });
    expect(counts).toEqual(TENANT_TABLES.map(() => 0));
  });

  it('shows one account only its own rows', async () => {
    const seen = await t.database.withTenant(romashka.accountId, (tx) =>
      tx.select({ accountId: users.accountId, email: users.email }).from(users),
    );
    expect(seen).toEqual([{ accountId: romashka.accountId, email: romashka.email }]);
    const tariffs = await t.database.withTenant(vasilek.accountId, (tx) =>
      tx.select().from(accountTariffs),
    );
    expect(tariffs.map((row) => row.accountId)).toEqual([vasilek.accountId]);
  });

  it('refuses to write a row into another account', async () => {
    await expect(
      t.database.withTenant(romashka.accountId, (tx) =>
        tx.execute(
          sql`insert into applicants (account_id, first_name) values (${vasilek.accountId}, 'Чужой')`,
        ),
      ),
    ).rejects.toThrow();
    const changed = await t.database.withTenant(romashka.accountId, (tx) =>
      selectRows<{ id: number }>(
        tx,
        sql`update users set name = 'Взлом' where account_id = ${vasilek.accountId} returning id`,
      ),
    );
    expect(changed).toEqual([]);
  });

  it('answers another account’s user id with 404, exactly like a missing one', async () => {
    const foreign = await call(t.app, 'GET', `/api/users/${vasilek.userId}`, undefined, {
      token: romashka.token,
    });
    const missing = await call(t.app, 'GET', '/api/users/999999', undefined, {
      token: romashka.token,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(missing.body);
  });
});
