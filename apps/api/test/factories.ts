import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './test-app.ts';

export const PASSWORD = 'correct-horse-1';

let sequence = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${++sequence}-${randomBytes(3).toString('hex')}@example.ru`;

let addresses = 0;
/**
 * A client address no other call of this test process uses: every test company signs up from its
 * own, as different visitors do, so the sign-up throttle (5 an hour per address) holds in tests.
 */
export const uniqueAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

export type SignedUp = {
  token: string;
  userId: number;
  accountId: number;
  email: string;
  password: string;
};

/** A new company through the public sign-up, as a visitor would create it. */
export async function signUpCompany(
  app: FastifyInstance,
  overrides: Partial<{ email: string; name: string; company: string; password: string }> = {},
): Promise<SignedUp> {
  const email = overrides.email ?? uniqueEmail('owner');
  const password = overrides.password ?? PASSWORD;
  const response = await call(
    app,
    'POST',
    '/api/sign_up',
    {
      admin_user: {
        email,
        password,
        password_confirmation: password,
        name: overrides.name ?? 'Анна',
        company: overrides.company ?? 'ООО «Ромашка»',
      },
    },
    { remoteAddress: uniqueAddress() },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    token: response.body.message.auth_token,
    userId: response.body.message.admin_user.id,
    accountId: response.body.message.admin_user.account_id,
    email,
    password,
  };
}

/** A team member added by an admin, signed in with their own password. */
export async function addTeamMember(
  app: FastifyInstance,
  adminToken: string,
  member: { member_type: 'owner' | 'watcher'; is_admin: boolean; name?: string },
) {
  const email = uniqueEmail(member.member_type);
  const created = await call(
    app,
    'POST',
    '/api/users',
    {
      admin_user: {
        email,
        name: member.name ?? 'Сотрудник',
        member_type: member.member_type,
        is_admin: member.is_admin,
        password: PASSWORD,
      },
    },
    { token: adminToken },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const login = await call(app, 'POST', '/api/auth/login', { email, password: PASSWORD });
  expect(login.status).toBe(200);
  return {
    userId: created.body.message.id as number,
    email,
    token: login.body.message.auth_token as string,
  };
}

/** An admin changes a user's settings (rights, download flags) as the team screen does. */
export async function changeUserSettings(
  app: FastifyInstance,
  adminToken: string,
  userId: number,
  admin_user_setting: Record<string, unknown>,
) {
  const changed = await call(
    app,
    'PATCH',
    `/api/users/${userId}`,
    { admin_user: { admin_user_setting } },
    { token: adminToken },
  );
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
}
