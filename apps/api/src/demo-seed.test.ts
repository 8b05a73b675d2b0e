import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZApplicantCard } from '@ats/contracts/applicants';
import { type TestApp, call, createTestApp } from '../test/test-app.ts';
import { DEMO_APPLICANTS, DEMO_PASSWORD, DEMO_USERS, seedDemoAccount } from './demo-seed.ts';

describe('the demo account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has an owner-admin, an owner and a watcher whose printed logins work, and seeding twice changes nothing', async () => {
    const printed: string[] = [];
    const log = vi
      .spyOn(console, 'log')
      .mockImplementation((line: string) => void printed.push(line));
    await seedDemoAccount(t.database, t.config, pino({ level: 'silent' }));
    await seedDemoAccount(t.database, t.config, pino({ level: 'silent' }));
    log.mockRestore();

    const roles: Record<string, { member_type: string; is_admin: boolean }> = {};
    for (const { email } of DEMO_USERS) {
      expect(printed.join('\n')).toContain(`${email} / ${DEMO_PASSWORD}`);
      const login = await call(t.app, 'POST', '/api/auth/login', {
        email,
        password: DEMO_PASSWORD,
      });
      expect(login.status).toBe(200);
      const me = await call(t.app, 'GET', '/api/me', undefined, {
        token: login.body.message.auth_token,
      });
      roles[email] = {
        member_type: me.body.message.member_type,
        is_admin: me.body.message.is_admin,
      };
    }
    expect(Object.values(roles)).toEqual([
      { member_type: 'owner', is_admin: true },
      { member_type: 'owner', is_admin: false },
      { member_type: 'watcher', is_admin: false },
    ]);
    const admin = await call(t.app, 'POST', '/api/auth/login', {
      email: DEMO_USERS[0].email,
      password: DEMO_PASSWORD,
    });
    const team = await call(t.app, 'GET', '/api/users', undefined, {
      token: admin.body.message.auth_token,
    });
    expect(team.body.message).toHaveLength(3);

    // A few hundred realistic applicants, found by a Russian search across name forms.
    const token = admin.body.message.auth_token as string;
    const list = await call(t.app, 'GET', '/api/applicants?per_page=5', undefined, { token });
    expect(list.body.message.applicant_count).toBe(DEMO_APPLICANTS);
    const found = await call(
      t.app,
      'GET',
      `/api/applicants?search=${encodeURIComponent('Прохорова')}`,
      undefined,
      { token },
    );
    expect(found.body.message.applicant_count).toBeGreaterThan(0);
    const card = await call(
      t.app,
      'GET',
      `/api/applicants/${list.body.message.applicants[0].id}`,
      undefined,
      { token },
    );
    expect(card.body.message.experience[0].description).toMatch(/[а-я]/);

    // A few people entered twice, as doubles arrive: the doubles screen has something to show.
    const doubles = await call(t.app, 'GET', '/api/applicants/doubles', undefined, { token });
    const groups: { level: string; applicants: { first_name: string; phone: string | null }[] }[] =
      doubles.body.message.groups;
    expect(groups.length).toBeGreaterThanOrEqual(3);
    expect(groups.some((g) => g.level === 'certain')).toBe(true);
    expect(groups.some((g) => g.level === 'probable')).toBe(true);
    // One of them came back in Latin from a referral, the phone typed with 8: stored in E.164,
    // it is the same number as the first one's.
    const latin = groups.find((g) => g.applicants.some((a) => /^[A-Za-z]+$/.test(a.first_name)));
    const latinPhone = latin?.applicants.find((a) => /^[A-Za-z]+$/.test(a.first_name))?.phone;
    expect(latinPhone).toMatch(/^\+7\d{10}$/);
    expect(latin?.applicants.filter((a) => a.phone === latinPhone).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("answers every demo applicant's card in the shape the web reads (ZApplicantCard)", async () => {
    await seedDemoAccount(t.database, t.config, pino({ level: 'silent' }));
    const admin = await call(t.app, 'POST', '/api/auth/login', {
      email: DEMO_USERS[0].email,
      password: DEMO_PASSWORD,
    });
    const token = admin.body.message.auth_token as string;
    const ids: number[] = [];
    for (let page = 1; ids.length < DEMO_APPLICANTS; page++) {
      const list = await call(
        t.app,
        'GET',
        `/api/applicants?per_page=100&page=${page}`,
        undefined,
        {
          token,
        },
      );
      const found: { id: number }[] = list.body.message.applicants;
      if (found.length === 0) break;
      ids.push(...found.map((a) => a.id));
    }
    expect(ids).toHaveLength(DEMO_APPLICANTS);
    const broken: string[] = [];
    for (const id of ids) {
      const card = await call(t.app, 'GET', `/api/applicants/${id}`, undefined, { token });
      const parsed = ZApplicantCard.safeParse(card.body.message);
      if (!parsed.success) {
        broken.push(
          `${id}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      }
    }
    // The doubles of the demo, merged as the merge screen merges them: the card read back after
    // the merge is read by the same contract.
    const doubles = await call(t.app, 'GET', '/api/applicants/doubles', undefined, { token });
    for (const group of doubles.body.message.groups as { applicants: { id: number }[] }[]) {
      const [primary, secondary] = group.applicants;
      const merged = await call(
        t.app,
        'POST',
        '/api/applicants/merge',
        { primary_id: primary!.id, secondary_id: secondary!.id },
        { token },
      );
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      const card = await call(t.app, 'GET', `/api/applicants/${primary!.id}`, undefined, { token });
      const parsed = ZApplicantCard.safeParse(card.body.message);
      if (!parsed.success) {
        broken.push(
          `merged ${primary!.id}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
        );
      }
    }
    expect(broken).toEqual([]);
  }, 600_000);
});
