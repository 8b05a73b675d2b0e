import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

// Who may do what with vacancies (SPEC.md §6 and the issue): admins everything; recruiters
// (owners) see every vacancy, open them when allowed can_manage_vacancy and manage the ones they
// are responsible for; watchers see only the vacancies they watch, read-only.

type Role =
  | 'admin'
  | 'responsible recruiter'
  | 'other recruiter'
  | 'recruiter without vacancy rights'
  | 'watcher of the vacancy'
  | 'other watcher';
type Action =
  | 'list'
  | 'read'
  | 'statistics'
  | 'create'
  | 'edit'
  | 'hold'
  | 'delete'
  | 'templates'
  | 'create template';

const Y = 200;
const MATRIX: Record<Role, Record<Action, number>> = {
  admin: {
    list: Y, read: Y, statistics: Y, create: Y, edit: Y, hold: Y, delete: Y, templates: Y, 'create template': Y,
  },
  'responsible recruiter': {
    list: Y, read: Y, statistics: Y, create: Y, edit: Y, hold: Y, delete: Y, templates: Y, 'create template': Y,
  },
  'other recruiter': {
    list: Y, read: Y, statistics: Y, create: Y, edit: 403, hold: 403, delete: 403, templates: Y, 'create template': Y,
  },
  'recruiter without vacancy rights': {
    list: Y, read: Y, statistics: Y, create: 403, edit: 403, hold: 403, delete: 403, templates: Y, 'create template': 403,
  },
  'watcher of the vacancy': {
    list: Y, read: Y, statistics: Y, create: 403, edit: 403, hold: 403, delete: 403, templates: 403, 'create template': 403,
  },
  // 404 rather than 403: for this user the vacancy does not exist; "list" 404 = absent from it.
  'other watcher': {
    list: 404, read: 404, statistics: 404, create: 403, edit: 404, hold: 404, delete: 404, templates: 403, 'create template': 403,
  },
}; // prettier-ignore

let t: TestApp;
let admin: SignedUp;
const tokens = {} as Record<Role, string>;
let responsibleId: number;
let watcherId: number;
let holdReason: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpCompany(t.app);
  tokens.admin = admin.token;
  const responsible = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  responsibleId = responsible.userId;
  tokens['responsible recruiter'] = responsible.token;
  tokens['other recruiter'] = (
    await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false })
  ).token;
  const restricted = await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
  await changeUserSettings(t.app, admin.token, restricted.userId, {
    permissions_actions: { can_manage_vacancy: false },
  });
  tokens['recruiter without vacancy rights'] = restricted.token;
  const watcher = await addTeamMember(t.app, admin.token, { member_type: 'watcher', is_admin: false });
  watcherId = watcher.userId;
  tokens['watcher of the vacancy'] = watcher.token;
  // The same hiring manager, on vacancies they do not watch (the tariff allows 5 users).
  tokens['other watcher'] = watcher.token;
  const reasons = await call(t.app, 'GET', '/api/reasons?reason_type=hold', undefined, {
    token: admin.token,
  });
  holdReason = reasons.body.message[0].id;
}); // prettier-ignore
afterAll(() => t.close());

/** A fresh vacancy for each attempt, so that one role's change never decides another's. */
const freshVacancy = (role?: Role) =>
  openVacancy(t.app, admin.token, {
    position: 'Инженер-конструктор',
    owners: [responsibleId],
    watchers: role === 'other watcher' ? [] : [watcherId],
  });

async function attempt(role: Role, action: Action) {
  const token = tokens[role];
  const { id } = await freshVacancy(role);
  const as = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    call(t.app, method, url, body, { token });
  switch (action) {
    case 'list': {
      const r = await as('GET', '/api/vacancies?per_page=100');
      expect(r.status).toBe(200);
      return r.body.message.vacancies.some((v: { id: number }) => v.id === id) ? 200 : 404;
    }
    case 'read':
      return (await as('GET', `/api/vacancies/${id}`)).status;
    case 'statistics':
      return (await as('GET', `/api/vacancies/${id}/statistics`)).status;
    case 'create':
      return (await as('POST', '/api/vacancies', { position: 'Новая' })).status;
    case 'edit':
      return (await as('PATCH', `/api/vacancies/${id}`, { priority: 5 })).status;
    case 'hold':
      return (await as('POST', `/api/vacancies/${id}/hold`, { reason_id: holdReason })).status;
    case 'delete':
      return (await as('DELETE', `/api/vacancies/${id}`)).status;
    case 'templates':
      return (await as('GET', '/api/vacancy_templates')).status;
    case 'create template':
      return (await as('POST', `/api/vacancy_templates/from_vacancy/${id}`)).status;
  }
}

describe('vacancy permissions, role × action', () => {
  for (const [role, actions] of Object.entries(MATRIX) as [Role, Record<Action, number>][]) {
    it(`${role}`, async () => {
      const answers: Record<string, number> = {};
      for (const action of Object.keys(actions) as Action[]) {
        answers[action] = await attempt(role, action);
      }
      expect(answers).toEqual(actions);
    });
  }

  it('explains a refusal in Russian', async () => {
    const { id } = await freshVacancy();
    const r = await call(
      t.app,
      'PATCH',
      `/api/vacancies/${id}`,
      { priority: 1 },
      {
        token: tokens['other recruiter'],
      },
    );
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Изменять вакансию могут её ответственные и администратор');
    const create = await call(
      t.app,
      'POST',
      '/api/vacancies',
      { position: 'Х' },
      {
        token: tokens['watcher of the vacancy'],
      },
    );
    expect(create.body.message).toBe('Нет прав на создание вакансий');
  });
});
