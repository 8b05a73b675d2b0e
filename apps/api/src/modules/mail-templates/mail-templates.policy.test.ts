import { describe, expect, it } from 'vitest';
import {
  CANNOT_MANAGE_SHARED_TEMPLATES,
  type MailTemplateActor,
  ONLY_AUTHOR_CHANGES_PERSONAL,
  WATCHER_NO_MAIL_TEMPLATES,
  mailTemplateRefusal,
} from './mail-templates.policy.ts';

const ME = 10;
const actor = (
  memberType: 'owner' | 'watcher',
  isAdmin: boolean,
  canManage: boolean,
): MailTemplateActor => ({
  userId: ME,
  memberType,
  isAdmin,
  permissions: { can_manage_template_mail: canManage },
});

const ACTORS = {
  admin: actor('owner', true, true),
  'admin without the right': actor('owner', true, false),
  recruiter: actor('owner', false, true),
  'recruiter without the right': actor('owner', false, false),
  watcher: actor('watcher', false, false),
  'watcher-admin': actor('watcher', true, true),
};
type Who = keyof typeof ACTORS;

const shared = { isShared: true, authorId: 99 };
const mine = { isShared: false, authorId: ME };
const someoneElses = { isShared: false, authorId: 99 };

const CASES: {
  what: string;
  check: (a: MailTemplateActor) => string | null;
  allowed: Who[];
}[] = [
  {
    what: 'reads the templates',
    check: (a) => mailTemplateRefusal(a, 'read'),
    allowed: ['admin', 'admin without the right', 'recruiter', 'recruiter without the right'],
  },
  {
    what: 'creates a personal template',
    check: (a) => mailTemplateRefusal(a, 'create', undefined, { becomesShared: false }),
    allowed: ['admin', 'admin without the right', 'recruiter', 'recruiter without the right'],
  },
  {
    what: 'creates a shared template',
    check: (a) => mailTemplateRefusal(a, 'create', undefined, { becomesShared: true }),
    allowed: ['admin', 'admin without the right', 'recruiter'],
  },
  {
    what: 'edits their own personal template',
    check: (a) => mailTemplateRefusal(a, 'update', mine),
    allowed: ['admin', 'admin without the right', 'recruiter', 'recruiter without the right'],
  },
  {
    what: 'publishes their personal template to the team',
    check: (a) => mailTemplateRefusal(a, 'update', mine, { becomesShared: true }),
    allowed: ['admin', 'admin without the right', 'recruiter'],
  },
  {
    what: 'edits a shared template',
    check: (a) => mailTemplateRefusal(a, 'update', shared),
    allowed: ['admin', 'admin without the right', 'recruiter'],
  },
  {
    what: 'deletes a shared template',
    check: (a) => mailTemplateRefusal(a, 'delete', shared),
    allowed: ['admin', 'admin without the right', 'recruiter'],
  },
  {
    what: 'deletes their own personal template',
    check: (a) => mailTemplateRefusal(a, 'delete', mine),
    allowed: ['admin', 'admin without the right', 'recruiter', 'recruiter without the right'],
  },
  {
    what: 'edits or deletes another user’s personal template',
    check: (a) =>
      mailTemplateRefusal(a, 'update', someoneElses) ??
      mailTemplateRefusal(a, 'delete', someoneElses),
    allowed: [],
  },
];

describe('who may do what with mail templates (role × action)', () => {
  for (const { what, check, allowed } of CASES) {
    for (const who of Object.keys(ACTORS) as Who[]) {
      const expected = allowed.includes(who);
      it(`${who} ${expected ? 'may' : 'may not'}: ${what}`, () => {
        const refusal = check(ACTORS[who]);
        if (expected) expect(refusal).toBeNull();
        else expect(refusal).toMatch(/[а-яё]/i);
      });
    }
  }

  it('names the reason in Russian', () => {
    expect(mailTemplateRefusal(ACTORS.watcher, 'read')).toBe(WATCHER_NO_MAIL_TEMPLATES);
    expect(mailTemplateRefusal(ACTORS['watcher-admin'], 'read')).toBe(WATCHER_NO_MAIL_TEMPLATES);
    expect(mailTemplateRefusal(ACTORS['recruiter without the right'], 'update', shared)).toBe(
      CANNOT_MANAGE_SHARED_TEMPLATES,
    );
    expect(mailTemplateRefusal(ACTORS.admin, 'update', someoneElses)).toBe(
      ONLY_AUTHOR_CHANGES_PERSONAL,
    );
  });
});
