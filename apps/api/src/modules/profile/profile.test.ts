import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { PROFILE_ACTIONS, canDoProfileAction } from './profile.policy.ts';

const URL = '/api/admin_user_notification_settings';

describe('notification settings of the user page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('starts from the defaults: mentions and due tasks by e-mail too, everything in the app', async () => {
    const company = await signUpCompany(t.app);
    const r = await call(t.app, 'GET', URL, undefined, { token: company.token });
    expect(r.status).toBe(200);
    expect(r.body.message).toEqual({
      new_applicant: { email: false, in_app: true, telegram: false },
      applicant_moved: { email: false, in_app: true, telegram: false },
      comment_mention: { email: true, in_app: true, telegram: false },
      task_due: { email: true, in_app: true, telegram: false },
      message_received: { email: false, in_app: true, telegram: true },
    });
  });

  it('changes what is given, keeps the rest, and keeps it for this user only', async () => {
    const company = await signUpCompany(t.app);
    const colleague = await addTeamMember(t.app, company.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const put = await call(
      t.app,
      'PUT',
      URL,
      { notification_settings: { new_applicant: { email: true }, task_due: { in_app: false } } },
      { token: company.token },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const expected = {
      new_applicant: { email: true, in_app: true, telegram: false },
      applicant_moved: { email: false, in_app: true, telegram: false },
      comment_mention: { email: true, in_app: true, telegram: false },
      task_due: { email: true, in_app: false, telegram: false },
      message_received: { email: false, in_app: true, telegram: true },
    };
    expect(put.body.message).toEqual(expected);
    expect(
      (await call(t.app, 'GET', URL, undefined, { token: company.token })).body.message,
    ).toEqual(expected);
    const theirs = await call(t.app, 'GET', URL, undefined, { token: colleague.token });
    expect(theirs.body.message.new_applicant).toEqual({
      email: false,
      in_app: true,
      telegram: false,
    });
    const stranger = await signUpCompany(t.app);
    const strangers = await call(t.app, 'GET', URL, undefined, { token: stranger.token });
    expect(strangers.body.message.task_due).toEqual({ email: true, in_app: true, telegram: false });
  });

  it('refuses unknown events and non-boolean channels with 400 in Russian', async () => {
    const company = await signUpCompany(t.app);
    const unknown = await call(
      t.app,
      'PUT',
      URL,
      { notification_settings: { birthday: { email: true } } },
      { token: company.token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Неизвестное событие уведомлений');
    const notBoolean = await call(
      t.app,
      'PUT',
      URL,
      { notification_settings: { task_due: { email: 'yes' } } },
      { token: company.token },
    );
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toBe('Ожидается да или нет');
    const missing = await call(t.app, 'PUT', URL, {}, { token: company.token });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/[а-я]/);
    const after = await call(t.app, 'GET', URL, undefined, { token: company.token });
    expect(after.body.message.task_due).toEqual({ email: true, in_app: true, telegram: false });
  });

  it('lets every role read and change its own, and the plugin token only read (role × action)', async () => {
    const company = await signUpCompany(t.app);
    const members = [
      { role: 'admin', email: company.email },
      ...(await Promise.all(
        [
          { member_type: 'owner', is_admin: false },
          { member_type: 'watcher', is_admin: false },
          { member_type: 'watcher', is_admin: true },
        ].map(async (role) => ({
          role: `${role.member_type}${role.is_admin ? '-admin' : ''}`,
          email: (await addTeamMember(t.app, company.token, role as never)).email,
        })),
      )),
    ];
    for (const { role, email } of members) {
      for (const source of ['web', 'plugin'] as const) {
        const login = await call(t.app, 'POST', '/api/auth/login', {
          email,
          password: PASSWORD,
          source,
        });
        const token = login.body.message.auth_token;
        const expected = Object.fromEntries(
          PROFILE_ACTIONS.map((a) => [a, canDoProfileAction({ source }, a) ? 200 : 403]),
        );
        const read = await call(t.app, 'GET', URL, undefined, { token });
        expect(read.status, `${role} ${source}`).toBe(expected.view_notifications);
        const write = await call(
          t.app,
          'PUT',
          URL,
          { notification_settings: { comment_mention: { email: false } } },
          { token },
        );
        expect(write.status, `${role} ${source}`).toBe(expected.change_notifications);
      }
    }
  });

  it('changes the own name parts, nick, time zone and the support-chat flag through /api/users/{id}', async () => {
    const company = await signUpCompany(t.app);
    const watcher = await addTeamMember(t.app, company.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const r = await call(
      t.app,
      'PATCH',
      `/api/users/${watcher.userId}`,
      {
        admin_user: {
          name: 'Вера',
          middle_name: 'Павловна',
          last_name: 'Смирнова',
          nick: 'vera',
          time_zone: 'Asia/Yekaterinburg',
          admin_user_setting: { is_hide_chat: true },
        },
      },
      { token: watcher.token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', undefined, { token: watcher.token });
    expect(me.body.message).toMatchObject({
      name: 'Вера',
      middle_name: 'Павловна',
      last_name: 'Смирнова',
      nick: 'vera',
      time_zone: 'Asia/Yekaterinburg',
      admin_user_setting: { is_hide_chat: true },
    });
  });
});
