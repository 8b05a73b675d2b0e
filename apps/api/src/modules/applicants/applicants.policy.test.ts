import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import {
  type ApplicantAction,
  type ApplicantActor,
  CANNOT_MANAGE_APPLICANTS,
  CANNOT_MANAGE_OTHERS_APPLICANTS,
  ONLY_ADMINS_DELETE,
  refusalOf,
} from './applicants.policy.ts';
import { WATCHER_NO_APPLICANTS } from './applicant-base.service.ts';

const ALL = { can_manage_applicant: true, can_manage_others_applicant: true };
const ROLES: Record<string, ApplicantActor> = {
  admin: { userId: 1, memberType: 'owner', isAdmin: true, permissions: ALL },
  recruiter: { userId: 2, memberType: 'owner', isAdmin: false, permissions: ALL },
  'recruiter without can_manage_applicant': {
    userId: 3,
    memberType: 'owner',
    isAdmin: false,
    permissions: { can_manage_applicant: false, can_manage_others_applicant: true },
  },
  'recruiter without can_manage_others_applicant': {
    userId: 4,
    memberType: 'owner',
    isAdmin: false,
    permissions: { can_manage_applicant: true, can_manage_others_applicant: false },
  },
  watcher: { userId: 5, memberType: 'watcher', isAdmin: true, permissions: ALL },
};
const OK = null;
const NO = CANNOT_MANAGE_APPLICANTS;
const OTHERS = CANNOT_MANAGE_OTHERS_APPLICANTS;
const W = WATCHER_NO_APPLICANTS;
const D = ONLY_ADMINS_DELETE;

// Each applicant below belongs to someone else (admin_user_id 99) unless the column says "own".
const ACTIONS: [ApplicantAction, 'own' | 'other'][] = [
  ['read', 'other'],
  ['comment', 'other'],
  ['create', 'own'],
  ['update', 'own'],
  ['update', 'other'],
  ['archive', 'other'],
  ['tag', 'other'],
  ['delete', 'other'],
];
const EXPECTED: Record<string, (string | null)[]> = {
  admin: [OK, OK, OK, OK, OK, OK, OK, OK],
  recruiter: [OK, OK, OK, OK, OK, OK, OK, D],
  'recruiter without can_manage_applicant': [OK, OK, NO, NO, NO, NO, NO, D],
  'recruiter without can_manage_others_applicant': [OK, OK, OK, OK, OTHERS, OTHERS, OTHERS, D],
  // Read and comment: on the applicants of their vacancies only (reachApplicant, 404 elsewhere).
  watcher: [OK, OK, W, W, W, W, W, W],
};

describe('who may do what with an applicant (role × action)', () => {
  for (const [role, actor] of Object.entries(ROLES)) {
    it(`${role}: ${EXPECTED[role]!.map((r) => (r ? 'no' : 'yes')).join(' ')}`, () => {
      const got = ACTIONS.map(([action, whose]) =>
        refusalOf(actor, action, { adminUserId: whose === 'own' ? actor.userId : 99 }),
      );
      expect(got).toEqual(EXPECTED[role]);
    });
  }

  it('treats an applicant without a responsible recruiter as nobody else’s', () => {
    const actor = ROLES['recruiter without can_manage_others_applicant']!;
    expect(refusalOf(actor, 'update', { adminUserId: null })).toBeNull();
  });
});

describe('the same rules through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers each role as the matrix says and leaves refused applicants untouched', async () => {
    const admin = await signUpCompany(t.app);
    const limited = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const ownOnly = await addTeamMember(t.app, admin.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const watcher = await addTeamMember(t.app, admin.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const restrict = async (userId: number, permissions: Record<string, boolean>) => {
      const response = await call(
        t.app,
        'PATCH',
        `/api/users/${userId}`,
        { admin_user: { admin_user_setting: { permissions_actions: permissions } } },
        { token: admin.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
    };
    await restrict(limited.userId, { can_manage_applicant: false });
    await restrict(ownOnly.userId, { can_manage_others_applicant: false });

    const adminsApplicant = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Админов' },
      {
        token: admin.token,
      },
    );
    const id = adminsApplicant.body.message.id as number;

    const expectRefusal = async (
      token: string,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      body: unknown,
      message: string,
    ) => {
      const response = await call(t.app, method, url, body, { token });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.message).toBe(message);
    };

    // An applicant on none of the watcher's vacancies does not exist for them (issue 20).
    for (const url of [`/api/applicants/${id}`, `/api/applicants/${id}/comments`]) {
      const hidden = await call(t.app, 'GET', url, undefined, { token: watcher.token });
      expect(hidden.status, url).toBe(404);
      expect(hidden.body.message).toBe('Кандидат не найден');
    }
    await expectRefusal(watcher.token, 'GET', '/api/applicants/archive', undefined, W);
    await expectRefusal(watcher.token, 'POST', '/api/applicants', { first_name: 'А' }, W);
    await expectRefusal(limited.token, 'POST', '/api/applicants', { first_name: 'А' }, NO);
    await expectRefusal(limited.token, 'PATCH', `/api/applicants/${id}`, { first_name: 'Б' }, NO);
    await expectRefusal(
      ownOnly.token,
      'PATCH',
      `/api/applicants/${id}`,
      { first_name: 'Б' },
      OTHERS,
    );
    await expectRefusal(ownOnly.token, 'POST', `/api/applicants/${id}/archive`, undefined, OTHERS);
    await expectRefusal(
      ownOnly.token,
      'POST',
      `/api/applicants/${id}/update_tags`,
      { tags: [] },
      OTHERS,
    );

    // What they may do still works: read, comment, and change their own applicants.
    const read = await call(t.app, 'GET', `/api/applicants/${id}`, undefined, {
      token: limited.token,
    });
    expect(read.status).toBe(200);
    expect(read.body.message).toMatchObject({
      first_name: 'Админов',
      is_archived: false,
      tags: [],
    });
    const own = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Свой' },
      {
        token: ownOnly.token,
      },
    );
    const ownEdit = await call(
      t.app,
      'PATCH',
      `/api/applicants/${own.body.message.id}`,
      { first_name: 'Свой, изменён' },
      { token: ownOnly.token },
    );
    expect(ownEdit.status).toBe(200);
    const comment = await call(
      t.app,
      'POST',
      `/api/applicants/${id}/comments`,
      { description: 'Можно' },
      { token: limited.token },
    );
    expect(comment.status).toBe(200);
  });
});
