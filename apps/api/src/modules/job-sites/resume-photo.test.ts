import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import type { HhFake } from '../../../test/fakes/hh-fake.ts';
import {
  type HhConnected,
  connectedToHh,
  startAppWithHhFake,
} from '../../../test/job-site-connections.ts';
import { type TestApp, call } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';
import { PHOTO_NOTES, downloadPhoto } from './resume-photo.ts';

// The résumé's photo of an imported hh.ru response (decision 0061), against the fake's photos:
// a real PNG becomes the applicant's photo as an upload would; an oversized one (sent without a
// length), HTML under an image type and a photo that never finishes leave the applicant without
// a photo, a note in the sync's result, and the import itself done.

let t: TestApp;
let fake: HhFake;
let c: HhConnected;
let result: {
  ok: boolean;
  imported: number;
  notes?: string[];
  error: string | null;
};
const applicantIds = new Map<string, number>();

const PHOTOS = {
  Фотова: 'ok.png',
  Большова: 'big.jpg',
  Текстова: 'not-image.jpg',
  Долгова: 'slow.jpg',
} as const;

beforeAll(async () => {
  ({ t, fake } = await startAppWithHhFake());
  c = await connectedToHh(t.app);
  const ours = await openVacancy(t.app, c.token, { position: 'Дизайнер' });
  const external = fake.addVacancy('Дизайнер');
  await call(
    t.app,
    'POST',
    `/api/job_sites/${c.connectionId}/links`,
    { external_id: external, vacancy_id: ours.id },
    { token: c.token },
  );
  for (const [lastName, photo] of Object.entries(PHOTOS)) {
    fake.addResponse(external, {
      first_name: 'Ольга',
      last_name: lastName,
      email: `${photo}.${Math.random().toString(36).slice(2, 9)}@mail.example`,
      photo: fake.photoUrl(photo),
    });
  }
  await call(t.app, 'POST', `/api/job_sites/${c.connectionId}/sync`, undefined, { token: c.token });
  for (let i = 0; ; i += 1) {
    const now = (await call(t.app, 'GET', '/api/job_sites', undefined, { token: c.token })).body
      .message.connections[0];
    if (!now.sync_progress?.running && now.last_sync_result) {
      result = now.last_sync_result;
      break;
    }
    if (i > 900) throw new Error('sync did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
  const rows = await systemRows<{ id: number; last_name: string }>(
    t.database,
    sql`select id, last_name from applicants where account_id = ${c.accountId}`,
  );
  for (const row of rows) applicantIds.set(row.last_name, row.id);
}, 180_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function card(lastName: string) {
  const id = applicantIds.get(lastName);
  expect(id, lastName).toBeDefined();
  const answer = await call(t.app, 'GET', `/api/applicants/${id}`, undefined, { token: c.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.message as { photo: string | null };
}

describe('the résumé photo of an imported response', { timeout: 60_000 }, () => {
  it('imports every response whatever became of its photo', () => {
    expect(result).toMatchObject({ ok: true, imported: 4, error: null });
  });

  it('stores a fine photo as the applicant’s photo, the bytes the site served', async () => {
    const { photo } = await card('Фотова');
    expect(photo).toMatch(/^\/api\/files\/\d+/);
    const served = await t.app.inject({
      method: 'GET',
      url: photo!,
      headers: { 'x-dcrt-hrm-auth': c.token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    const [file] = await systemRows<{ kind: string; mime_type: string }>(
      t.database,
      sql`select kind, mime_type from files
          where account_id = ${c.accountId} and applicant_id = ${applicantIds.get('Фотова')!}`,
    );
    expect(file).toEqual({ kind: 'photo', mime_type: 'image/png' });
  });

  it('leaves out a photo over 5 MB sent without a length', async () => {
    expect((await card('Большова')).photo).toBeNull();
    expect(result.notes).toContain('Фото кандидата Большова Ольга не сохранено: Фото больше 5 МБ');
  });

  it('leaves out what is not an image, whatever type the site declared', async () => {
    expect((await card('Текстова')).photo).toBeNull();
    expect(result.notes).toContain(
      'Фото кандидата Текстова Ольга не сохранено: Фото должно быть изображением JPEG, PNG, WebP или GIF',
    );
  });

  it('gives up a photo that never finishes downloading', async () => {
    expect((await card('Долгова')).photo).toBeNull();
    expect(result.notes).toContain(
      'Фото кандидата Долгова Ольга не сохранено: сайт не отдал фото за 10 секунд',
    );
    expect(result.notes).toHaveLength(3);
  });
});

describe('the photo download’s own limits', () => {
  it('reads only http(s) addresses', async () => {
    await expect(downloadPhoto('file:///etc/passwd')).rejects.toThrow(PHOTO_NOTES.address);
    await expect(downloadPhoto('не адрес')).rejects.toThrow(PHOTO_NOTES.address);
  });

  // Without the cap on the bytes read, the 6 MB of big.jpg (no length) would be read whole and
  // refused as unreadable, not as too large.
  it('stops at the limit, whether the length is declared or not', async () => {
    await expect(downloadPhoto(fake.photoUrl('ok.png'), { limitBytes: 10 })).rejects.toThrow(
      PHOTO_NOTES.tooLarge,
    );
    await expect(
      downloadPhoto(fake.photoUrl('big.jpg'), { limitBytes: 64 * 1024 }),
    ).rejects.toThrow(PHOTO_NOTES.tooLarge);
    expect((await downloadPhoto(fake.photoUrl('ok.png'))).subarray(1, 4).toString()).toBe('PNG');
  });

  it('gives up after its time limit', async () => {
    await expect(downloadPhoto(fake.photoUrl('slow.jpg'), { timeoutMs: 300 })).rejects.toThrow(
      PHOTO_NOTES.timeout,
    );
  });
});
