import { describe, expect, it } from 'vitest';
import { settingsRights } from './settings-rights';

const user = (member_type: 'owner' | 'watcher', is_admin: boolean, right: boolean) => ({
  member_type,
  is_admin,
  admin_user_setting: {
    permissions_actions: {
      can_manage_reason: right,
      can_manage_account_source: right,
      can_manage_tag: right,
      can_manage_status: right,
    },
  },
});

describe('what a role may change on the settings pages', () => {
  it('follows the servers’ policies for every role', () => {
    const table = {
      admin: user('owner', true, true),
      'admin without the rights': user('owner', true, false),
      recruiter: user('owner', false, true),
      'recruiter without the rights': user('owner', false, false),
      watcher: user('watcher', false, true),
      'watcher-admin': user('watcher', true, true),
    };
    const rights = Object.fromEntries(
      Object.entries(table).map(([who, me]) => [who, settingsRights(me as never)]),
    );
    expect(rights).toEqual({
      admin: {
        account: true,
        divisions: true,
        reasons: true,
        sources: true,
        stages: true,
        tags: true,
      },
      'admin without the rights': {
        account: true,
        divisions: true,
        reasons: true,
        sources: true,
        stages: true,
        tags: false,
      },
      recruiter: {
        account: false,
        divisions: false,
        reasons: true,
        sources: true,
        stages: true,
        tags: true,
      },
      'recruiter without the rights': {
        account: false,
        divisions: false,
        reasons: false,
        sources: false,
        stages: false,
        tags: false,
      },
      watcher: {
        account: false,
        divisions: false,
        reasons: false,
        sources: false,
        stages: false,
        tags: false,
      },
      'watcher-admin': {
        account: false,
        divisions: false,
        reasons: false,
        sources: false,
        stages: false,
        tags: false,
      },
    });
  });
});
