import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { loadChangelogFile } from './changelogs.service.ts';

let t: TestApp;
let dir: string;
let file: string;

const MARKDOWN = `# Список изменений

## 2026-11-21 — Первый выпуск

Вход, команда и каркас приложения.

- Сессии на 7 дней.

## 2026-12-10 — Теги

Цветные теги кандидатов.
`;

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'ats-changelog-'));
  file = path.join(dir, 'CHANGELOG.md');
  await writeFile(file, MARKDOWN, 'utf8');
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('GET /api/changelogs', () => {
  it('is public and lists the entries of the changelog file, newest first', async () => {
    expect(await loadChangelogFile(t.database.system, file)).toBe(2);
    const r = await call(t.app, 'GET', '/api/changelogs');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('success');
    expect(r.body.message).toEqual([
      {
        id: expect.any(Number),
        title: 'Теги',
        summary: 'Цветные теги кандидатов.',
        published_at: '2026-12-10',
        release_date: '2026-12-10',
        is_published: true,
      },
      {
        id: expect.any(Number),
        title: 'Первый выпуск',
        summary: 'Вход, команда и каркас приложения.',
        published_at: '2026-11-21',
        release_date: '2026-11-21',
        is_published: true,
      },
    ]);
    for (const entry of r.body.message as object[]) {
      expect(Object.keys(entry).sort()).toEqual([
        'id',
        'is_published',
        'published_at',
        'release_date',
        'summary',
        'title',
      ]);
    }
  });

  it('loading the file again updates entries instead of duplicating them', async () => {
    await writeFile(
      file,
      MARKDOWN.replace('Цветные теги кандидатов.', 'Цветные теги и фильтр по ним.'),
      'utf8',
    );
    expect(await loadChangelogFile(t.database.system, file)).toBe(2);
    const r = await call(t.app, 'GET', '/api/changelogs');
    expect(r.body.message).toHaveLength(2);
    expect(r.body.message[0].summary).toBe('Цветные теги и фильтр по ним.');
  });

  it('a missing file loads nothing and breaks nothing', async () => {
    expect(await loadChangelogFile(t.database.system, path.join(dir, 'нет-такого.md'))).toBe(0);
    expect((await call(t.app, 'GET', '/api/changelogs')).body.message).toHaveLength(2);
  });

  it('GET /api/changelogs/{id} returns one entry with its body; unknown id → 404, bad id → 400', async () => {
    const list = await call(t.app, 'GET', '/api/changelogs');
    const first = list.body.message[1];
    const one = await call(t.app, 'GET', `/api/changelogs/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body.message).toEqual({ ...first, body: '- Сессии на 7 дней.' });

    const missing = await call(t.app, 'GET', '/api/changelogs/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ code: 404, status: 'error', message: 'Запись не найдена' });

    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999']) {
      const r = await call(t.app, 'GET', `/api/changelogs/${bad}`);
      expect(r.status, bad).toBe(400);
      expect(r.body.status).toBe('error');
      expect(r.body.errors?.id, bad).toMatch(/[А-Яа-яЁё]/);
    }
  });
});
