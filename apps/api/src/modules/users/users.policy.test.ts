import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, signUpCompany, uniqueEmail } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import {
  CANNOT_DELETE_SELF,
  LAST_ADMIN,
  ONLY_ADMINS_MANAGE_USERS,
  OWN_RIGHTS_LOCKED,
  type UserAction,
  type UserActor,
  WATCHERS_DO_NOT_MANAGE_USERS,
  userRefusal,
} from './users.policy.ts';

const ROLES: Record<string, UserActor> = {
  admin: { userId: 1, memberType: 'owner', isAdmin: true },
  recruiter: { userId: 2, memberType: 'owner', isAdmin: false },
  watcher: { userId: 3, memberType: 'watcher', isAdmin: false },
  'watcher-admin': { userId: 4, memberType: 'watcher', isAdmin: true },
};
const OK = null;
const A = ONLY_ADMINS_MANAGE_USERS;
const W = WATCHERS_DO_NOT_MANAGE_USERS;
const OWN = OWN_RIGHTS_LOCKED;
const SELF = CANNOT_DELETE_SELF;

const ACTIONS: [UserAction, 'self' | 'other'][] = [
  ['list', 'other'],
  ['read', 'other'],
  ['invite', 'other'],
  ['update-profile', 'self'],
  ['update-profile', 'other'],
  ['change-rights', 'self'],
  ['change-rights', 'other'],
  ['resend-invitation', 'other'],
  ['delete', 'other'],
  ['delete', 'self'],
];
const EXPECTED: Record<string, (string | null)[]> = {
  admin: [OK, OK, OK, OK, OK, OK, OK, OK, OK, SELF],
  recruiter: [OK, OK, A, OK, A, OWN, A, A, A, A],
  watcher: [OK, OK, A, OK, A, OWN, A, A, A, A],
  'watcher-admin': [OK, OK, W, OK, W, OWN, W, W, W, W],
};

describe('who may do what with the team (role × action)', () => {
  for (const [role, actor] of Object.entries(ROLES)) {
    it(`${role}: ${EXPECTED[role]!.map((r) => (r ? 'no' : 'yes')).join(' ')}`, () => {
      const got = ACTIONS.map(([action, whom]) =>
        userRefusal(actor, action, whom === 'self' ? actor.userId : 99),
      );
      expect(got).toEqual(EXPECTED[role]);
    });
  }
});

describe('the same rules through the API, endpoint by endpoint', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers each role as the matrix says and leaves refused targets untouched', async () => {
    const admin = await signUpCompany(t.app);
    const members = {
      recruiter: await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false }),
      watcher: await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false }),
      'watcher-admin': await addTeamMember(t.app, admin.token, {
        member_type: 'watcher',
        is_admin: true,
      }),
    };
    // The fifth seat: an invitation that has not been accepted, so it can be resent.
    const invitee = await call(
      t.app,
      'POST',
      '/api/users',
      { admin_user: { email: uniqueEmail(), name: 'Цель', member_type: 'owner', is_admin: false } },
      { token: admin.token },
    );
    expect(invitee.status).toBe(200);
    const target = invitee.body.message.id as number;

    const requests = (selfId: number) =>
      [
        ['GET', '/api/users', undefined],
        ['GET', '/api/users/seats', undefined],
        ['GET', `/api/users/${target}`, undefined],
        [
          'POST',
          '/api/users',
          {
            admin_user: {
              email: uniqueEmail(),
              name: 'Новый',
              member_type: 'owner',
              is_admin: false,
              is_active: false,
            },
          },
        ],
        [
          'POST',
          '/api/create_admin_user',
          {
            admin_user: {
              email: uniqueEmail(),
              name: 'Новый',
              member_type: 'watcher',
              is_admin: false,
              is_active: false,
            },
          },
        ],
        ['PATCH', `/api/users/${selfId}`, { admin_user: { nick: 'сам' } }],
        ['PATCH', `/api/users/${target}`, { admin_user: { name: 'Изменён' } }],
        [
          'PATCH',
          `/api/users/${target}`,
          {
            admin_user: { admin_user_setting: { permissions_actions: { can_manage_tag: false } } },
          },
        ],
        ['POST', `/api/users/${target}/resend_invitation`, undefined],
        ['DELETE', `/api/users/${target}`, undefined],
      ] as const;
    const expected: Record<string, number[]> = {
      recruiter: [200, 200, 200, 403, 403, 200, 403, 403, 403, 403],
      watcher: [200, 200, 200, 403, 403, 200, 403, 403, 403, 403],
      'watcher-admin': [200, 200, 200, 403, 403, 200, 403, 403, 403, 403],
    };
    for (const [role, member] of Object.entries(members)) {
      const got = [];
      for (const [method, url, body] of requests(member.userId)) {
        const r = await call(t.app, method, url, body, { token: member.token });
        if (r.status === 403) {
          expect(r.body.message).toBe(role === 'watcher-admin' ? W : A);
        }
        got.push(r.status);
      }
      expect(got, role).toEqual(expected[role]);
    }
    const untouched = await call(t.app, 'GET', `/api/users/${target}`, undefined, {
      token: admin.token,
    });
    expect(untouched.body.message).toMatchObject({ name: 'Цель', status: 'invited' });
    expect(untouched.body.message.admin_user_setting.permissions_actions.can_manage_tag).toBe(true);
    const teamSize = (await call(t.app, 'GET', '/api/users', undefined, { token: admin.token }))
      .body.message.length;
    expect(teamSize).toBe(5);

    const adminGot = [];
    for (const [method, url, body] of requests(admin.userId)) {
      adminGot.push((await call(t.app, method, url, body, { token: admin.token })).status);
    }
    expect(adminGot).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
  });

  it('shows sign-in and invitation dates to admins only', async () => {
    const admin = await signUpCompany(t.app);
    const recruiter = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const seenBy = async (token: string) =>
      (await call(t.app, 'GET', `/api/users/${recruiter.userId}`, undefined, { token })).body
        .message;
    expect((await seenBy(admin.token)).last_sign_in_at).not.toBeNull();
    expect((await seenBy(recruiter.token)).last_sign_in_at).toBeNull();
  });
});

describe('the account keeps an active admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const patch = (token: string, id: number, admin_user: Record<string, unknown>) =>
    call(t.app, 'PATCH', `/api/users/${id}`, { admin_user }, { token });

  it('an admin may step down while another admin remains; the last one may not (409)', async () => {
    const first = await signUpCompany(t.app);
    const second = await addTeamMember(t.app, first.token, {
      member_type: 'owner',
      is_admin: true,
    });
    const stepDown = await patch(first.token, first.userId, { is_admin: false });
    expect(stepDown.status, JSON.stringify(stepDown.body)).toBe(200);
    expect(stepDown.body.message.is_admin).toBe(false);
    // The change takes effect on the next request: no more team management.
    const refused = await patch(first.token, second.userId, { name: 'Х' });
    expect(refused.status).toBe(403);

    for (const changes of [{ is_admin: false }, { is_active: false }, { member_type: 'watcher' }]) {
      const r = await patch(second.token, second.userId, changes);
      expect(r.status, JSON.stringify(changes)).toBe(409);
      expect(r.body).toMatchObject({ code: 409, status: 'error', message: LAST_ADMIN });
    }
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: second.token });
    expect(me.body.message).toMatchObject({ is_admin: true, member_type: 'owner' });
  });

  it('an admin who has not accepted the invitation does not count', async () => {
    const admin = await signUpCompany(t.app);
    const invited = await call(
      t.app,
      'POST',
      '/api/users',
      {
        admin_user: { email: uniqueEmail(), name: 'Будущий', member_type: 'owner', is_admin: true },
      },
      { token: admin.token },
    );
    expect(invited.status).toBe(200);
    const r = await patch(admin.token, admin.userId, { is_admin: false });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(LAST_ADMIN);
  });

  it('an admin who deactivates themselves (another admin remains) is signed out at once', async () => {
    const first = await signUpCompany(t.app);
    const second = await addTeamMember(t.app, first.token, {
      member_type: 'owner',
      is_admin: true,
    });
    const off = await patch(first.token, first.userId, { is_active: false });
    expect(off.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', undefined, { token: first.token })).status).toBe(
      420,
    );
    const write = await patch(first.token, first.userId, { nick: 'снова' });
    expect(write.status).toBe(420);
    // The remaining admin is now the last one.
    expect((await patch(second.token, second.userId, { is_active: false })).status).toBe(409);
  });
});
