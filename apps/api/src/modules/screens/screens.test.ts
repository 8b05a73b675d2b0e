import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { addTeamMember, type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { SCREEN_PARTS } from './screens.service.ts';

// Decision 0052: a screen's first paint in one request, the signed-in page's HTML carrying the
// user, the account and the screen, reference lists answered with an ETag and 304.

let t: TestApp;
let dist: string;
let admin: SignedUp;
let other: SignedUp;
let applicantId: number;
let foreignApplicantId: number;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ats-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>ATS</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ WEB_DIST_DIR: dist });
  // A company name that tries to close the script element it is embedded in.
  admin = await signUpCompany(t.app, { company: 'ООО «</script><script>alert(1)</script>»' });
  other = await signUpCompany(t.app, { company: 'ООО «Другая»' });
  applicantId = (
    await insertApplicants(t.database, admin.accountId, [
      { firstName: 'Ирина', lastName: 'Соколова' },
    ])
  )[0]!;
  foreignApplicantId = (
    await insertApplicants(t.database, other.accountId, [{ firstName: 'Павел', lastName: 'Чужой' }])
  )[0]!;
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, token: string) => call(t.app, 'GET', url, undefined, { token });

describe('GET /api/screens/applicant/:id', () => {
  it('answers every part of the card’s first paint exactly as its own endpoint does', async () => {
    const screen = await get(`/api/screens/applicant/${applicantId}`, admin.token);
    expect(screen.status).toBe(200);
    const parts = screen.body.message as Record<string, { status: number; body: unknown }>;
    expect(Object.keys(parts).sort()).toEqual([...SCREEN_PARTS.applicant(applicantId)].sort());
    for (const url of SCREEN_PARTS.applicant(applicantId)) {
      const own = await get(url, admin.token);
      expect(parts[url], url).toEqual({ status: own.status, body: own.body });
    }
    expect(parts[`/api/applicants/${applicantId}`]!.status).toBe(200);
  });

  it('answers another account’s applicant as not found, with none of its parts', async () => {
    const screen = await get(`/api/screens/applicant/${foreignApplicantId}`, admin.token);
    expect(screen.status).toBe(404);
    expect(screen.body.status).toBe('error');
    expect(JSON.stringify(screen.body)).not.toContain('Чужой');
  });

  it('refuses an id that is no id, and a caller without a session', async () => {
    const bad = await get('/api/screens/applicant/abc', admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.status).toBe('error');
    const anonymous = await call(t.app, 'GET', `/api/screens/applicant/${applicantId}`);
    expect(anonymous.status).toBe(420);
  });
});

describe('the list, board and home screens', () => {
  it('answer their parts in one request', async () => {
    for (const [url, parts] of [
      ['/api/screens/applicants', SCREEN_PARTS.applicants()],
      ['/api/screens/home', SCREEN_PARTS.home()],
    ] as const) {
      const screen = await get(url, admin.token);
      expect(screen.status, url).toBe(200);
      expect(Object.keys(screen.body.message).sort()).toEqual([...parts].sort());
      for (const part of parts) expect(screen.body.message[part].status, part).toBe(200);
    }
  });
});

/** The page's HTML as a browser with the session cookie (or none) gets it. */
async function page(url: string, cookie?: string) {
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: cookie ? { cookie: `auth_token=${cookie}` } : {},
  });
  const match = /<script id="ats-answers" type="application\/json">(.*?)<\/script>/s.exec(
    response.body,
  );
  return { response, embedded: match ? (JSON.parse(match[1]!) as Record<string, any>) : null }; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
}

describe('the HTML of a signed-in page', () => {
  it('carries /api/me (without the token), /api/account and the screen’s answers', async () => {
    const { response, embedded } = await page(`/applicant/${applicantId}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(embedded).not.toBeNull();
    const me = await get('/api/me', admin.token);
    expect(embedded!['/api/me'].body.message).toEqual({ ...me.body.message, token: '' });
    expect(response.body).not.toContain(admin.token);
    expect(embedded!['/api/account'].status).toBe(200);
    const screen = embedded![`/api/screens/applicant/${applicantId}`];
    expect(screen.status).toBe(200);
    expect(screen.body.message[`/api/applicants/${applicantId}`].body.message.id).toBe(applicantId);
  });

  it('escapes what it embeds: a company name cannot close the script element', async () => {
    const { response, embedded } = await page('/', admin.token);
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(embedded!['/api/account'].body.message.name).toContain('</script><script>');
  });

  it('carries nothing for a signed-out visitor or an ended session', async () => {
    const signedOut = await page(`/applicant/${applicantId}`);
    expect(signedOut.response.statusCode).toBe(200);
    expect(signedOut.embedded).toBeNull();
    const stranger = await page('/', 'not-a-session-token');
    expect(stranger.embedded).toBeNull();
  });
});

describe('reference lists cached like static files', () => {
  it('answer with an ETag and 304 for a client that has the same answer', async () => {
    for (const url of [
      '/api/references/get_languages',
      '/api/references/get_language_levels',
      '/api/references/get_driver_licenses',
      '/api/references/get_countries',
      '/api/account_sources',
      '/api/users',
      '/api/tags',
    ]) {
      const first = await get(url, admin.token);
      expect(first.status, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-dcrt-hrm-auth': admin.token, 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
    }
  });

  it('a list that changed gets a new ETag: the old one is answered in full', async () => {
    const before = await get('/api/users', admin.token);
    await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { 'x-dcrt-hrm-auth': admin.token, 'if-none-match': String(before.headers.etag) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('list versions in /api/me (decision 0057)', () => {
  const versionsOf = async (token: string) => {
    const me = await get('/api/me', token);
    expect(me.status).toBe(200);
    return (me.body.message as { list_versions: Record<string, string> }).list_versions;
  };

  it('reports a version of every kept list, shared and the account’s own', async () => {
    const versions = await versionsOf(admin.token);
    expect(Object.keys(versions).sort()).toEqual(
      [
        'countries',
        'default_fields',
        'driver_licenses',
        'jobs',
        'language_levels',
        'languages',
        'reasons',
        'sources',
        'tags',
        'users',
      ].sort(),
    );
    // The shared dictionaries are the same for every account.
    const others = await versionsOf(other.token);
    for (const list of ['languages', 'language_levels', 'driver_licenses', 'countries', 'jobs']) {
      expect(others[list], list).toBe(versions[list]);
    }
  });

  it('a new source moves the sources version and its ETag, nothing else’s', async () => {
    const before = await versionsOf(admin.token);
    const othersBefore = await versionsOf(other.token);
    const listBefore = await get('/api/account_sources', admin.token);
    const tagsBefore = await get('/api/tags', admin.token);

    const created = await call(
      t.app,
      'POST',
      '/api/account_sources',
      { name: 'Ярмарка вакансий' },
      { token: admin.token },
    );
    expect(created.status).toBe(200);

    const after = await versionsOf(admin.token);
    expect(after.sources).not.toBe(before.sources);
    expect({ ...after, sources: before.sources }).toEqual(before);
    // Another account's lists did not move.
    expect(await versionsOf(other.token)).toEqual(othersBefore);

    const listAfter = await t.app.inject({
      method: 'GET',
      url: '/api/account_sources',
      headers: { 'x-dcrt-hrm-auth': admin.token, 'if-none-match': String(listBefore.headers.etag) },
    });
    expect(listAfter.statusCode).toBe(200);
    expect(listAfter.headers.etag).not.toBe(listBefore.headers.etag);
    const tagsAfter = await t.app.inject({
      method: 'GET',
      url: '/api/tags',
      headers: { 'x-dcrt-hrm-auth': admin.token, 'if-none-match': String(tagsBefore.headers.etag) },
    });
    expect(tagsAfter.statusCode).toBe(304);
  });

  it('a new team member moves the users version only', async () => {
    const before = await versionsOf(admin.token);
    await addTeamMember(t.app, admin.token, { member_type: 'owner', is_admin: false });
    const after = await versionsOf(admin.token);
    expect(after.users).not.toBe(before.users);
    expect({ ...after, users: before.users }).toEqual(before);
  });
});
