import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../test/db-helpers.ts';
import { type TestApp, call, createTestApp } from '../../test/test-app.ts';
import { signUpCompany } from '../../test/factories.ts';
import { loggerOptions } from './logger.ts';
import { loadConfig } from './config.ts';

describe('every answer is the envelope with a Russian message', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const config = loadConfig({ LOG_LEVEL: 'info' });
    t = await createTestApp({}, { logger: { ...(loggerOptions(config) as object), stream } });
    t.app.get('/api/test/explode', { config: { auth: 'none' } }, async () => {
      throw new Error('database exploded');
    });
    // A query to a PostgreSQL server that is not there, as during a restart of the real one.
    const unreachable = new pg.Pool({ host: '127.0.0.1', port: await closedPort(), user: 'x' });
    afterAll(() => unreachable.end());
    t.app.get('/api/test/database-away', { config: { auth: 'none' } }, async () => {
      await drizzle(unreachable).execute(sql`select 1`);
      return { unreachable: false };
    });
  });
  afterAll(() => t.close());

  it('answers an unknown API route with 404 in the envelope', async () => {
    const r = await call(t.app, 'GET', '/api/no/such/route');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ code: 404, status: 'error' });
    expect(r.body.message).toContain('Такой страницы нет');
  });

  it('answers malformed JSON with 400', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toEqual({
      code: 400,
      status: 'error',
      message: 'Некорректный JSON в теле запроса',
    });
  });

  it('refuses the NUL character, which PostgreSQL text cannot hold, with 400 in Russian', async () => {
    const message = 'Текст содержит недопустимый нулевой символ (U+0000)';
    const inBody = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a\\u0000@example.ru", "password": "x"}',
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json()).toMatchObject({ code: 400, status: 'error', message });
    const inQuery = await call(t.app, 'GET', '/api/applicants?search=%00');
    expect(inQuery.status).toBe(400);
    expect(inQuery.body).toMatchObject({ code: 400, message });
  });

  it('answers a body over the limit with 413', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/feedbacks',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ comment: 'я'.repeat(11 * 1024 * 1024) }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ code: 413, status: 'error', message: 'Слишком большой запрос' });
  });

  it('answers failed validation with 400 and a Russian message per field', async () => {
    const r = await call(t.app, 'POST', '/api/auth/login', { email: 'not-an-email', password: 42 });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Проверьте правильность заполнения полей');
    expect(r.body.errors?.email).toBe('Некорректный email');
    expect(r.body.errors?.password).toMatch(/[а-я]/i);
  });

  it('checks the session before the body: no token and a bad body answer 420', async () => {
    const r = await call(t.app, 'POST', '/api/users', { admin_user: { email: 'x' } });
    expect(r.status).toBe(420);
  });

  it('answers a form-encoded body with a 4xx envelope, not a 5xx', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a@b.ru',
    });
    expect(r.statusCode).toBe(415);
    expect(r.json().status).toBe('error');
  });

  it('answers an unexpected exception with 500 "Что-то пошло не так" and logs it with the request id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ code: 500, status: 'error', message: 'Что-то пошло не так' });
    const logged = logLines.find((line) => line.includes('database exploded'));
    expect(logged).toBeDefined();
    expect(JSON.parse(logged!).reqId).toMatch(/^req-/);
  });

  it('answers 503 "База данных недоступна, повторите попытку" while the database cannot be reached', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/test/database-away' });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({
      code: 503,
      status: 'error',
      message: 'База данных недоступна, повторите попытку',
    });
    expect(r.headers['retry-after']).toBe('5');
  });

  it('keeps tokens, passwords and e-mails out of the request logs', async () => {
    const company = await signUpCompany(t.app);
    await call(t.app, 'GET', '/api/me?search=Иванова', undefined, { token: company.token });
    const all = logLines.join('\n');
    expect(all).toContain('/api/me');
    expect(all).not.toContain(company.token);
    expect(all).not.toContain(company.password);
    expect(all).not.toContain(company.email);
    expect(all).not.toContain('Иванова');
  });

  it('tolerates doubled and trailing slashes as the known clients send them', async () => {
    const r = await call(t.app, 'GET', '/api//changelogs/');
    expect(r.status).toBe(200);
  });

  it('sends the security headers', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(r.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('reports health of the database and the queue', async () => {
    const r = await call(t.app, 'GET', '/api/health');
    expect(r.body).toEqual({ code: 200, status: 'success', message: { db: 'ok', queue: 'ok' } });
  });

  it('publishes the OpenAPI document generated from the contract and renders it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(r.statusCode).toBe(200);
    const doc = r.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const path of [
      '/api/sign_up',
      '/api/auth/login',
      '/api/me',
      '/api/users/{id}',
      '/api/feedbacks',
      '/api/changelogs',
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const signUpBody =
      doc.paths['/api/sign_up'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(signUpBody)).toContain('password_confirmation');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html');
  });
});

describe('configuration is checked at start', () => {
  it('stops with a message naming a bad variable', () => {
    expect(() => loadConfig({ PORT: 'восемьдесят' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });

  it('has the defaults of DESIGN.md', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });
});
