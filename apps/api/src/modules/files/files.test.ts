import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import {
  type MultipartPart,
  fakeExe,
  postMultipart,
  tinyDocx,
  tinyPdf,
  tinyRtf,
  zip,
} from '../../../test/documents.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { tinyPng } from '../../../test/images.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const WRONG_TYPE = 'Файл должен быть PDF, DOCX, RTF или изображением';
const TOO_LARGE = 'Файл больше 15 МБ';
const MB = 1024 * 1024;

let t: TestApp;
let dataDir: string;
let owner: SignedUp;
let stranger: SignedUp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  owner = await signUpCompany(t.app);
  stranger = await signUpCompany(t.app, { company: 'ООО «Чужие»' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every stored blob on disk, as paths under DATA_DIR/files. */
const storedBlobs = (): string[] => {
  const root = path.join(dataDir, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
};
const fileRows = () =>
  systemRows<{ id: number }>(t.database, sql`select id from files order by id`);

async function createApplicant(token: string, name = 'Иван') {
  const response = await call(t.app, 'POST', '/api/applicants', { first_name: name }, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message.id as number;
}

const send = (token: string, url: string, parts: MultipartPart[]) =>
  postMultipart(t.app, url, parts, token);

const upload = (
  token: string,
  applicantId: number,
  filename: string,
  content: Buffer,
  extra: MultipartPart[] = [],
) =>
  send(token, `/api/applicants/${applicantId}/files`, [
    ...extra,
    { name: 'file', filename, content },
  ]);

const download = (token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'x-dcrt-hrm-auth': token } });

describe('résumés and attachments on the card', () => {
  let applicantId: number;
  beforeAll(async () => {
    applicantId = await createApplicant(owner.token);
  });

  it('takes a PDF, keeps its exact bytes and serves it as a download under its Russian name', async () => {
    const pdf = tinyPdf();
    const added = await upload(owner.token, applicantId, 'Резюме Иванова (2024).pdf', pdf);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const file = added.body.message;
    expect(file).toMatchObject({
      file_name: 'Резюме Иванова (2024).pdf',
      mime_type: 'application/pdf',
      size_bytes: pdf.length,
      kind: 'resume',
      url: `/api/files/${file.id}`,
      uploaded_by: owner.userId,
    });
    expect(new Date(file.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await systemRows<{ sha256: string }>(
      t.database,
      sql`select sha256 from files where id = ${file.id}`,
    );
    expect(row!.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));

    const got = await download(owner.token, file.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-length']).toBe(String(pdf.length));
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''%D0%A0%D0%B5%D0%B7%D1%8E%D0%BC%D0%B5%20%D0%98%D0%B2%D0%B0%D0%BD%D0%BE%D0%B2%D0%B0%20%282024%29.pdf",
    );
  });

  it('takes a DOCX, an RTF and a PNG, each typed by its content', async () => {
    const docx = tinyDocx();
    const cases = [
      ['Опыт работы.docx', docx, DOCX_TYPE, 'attachment'],
      ['cover.rtf', tinyRtf(), 'application/rtf', 'attachment'],
      ['скан паспорта.png', tinyPng(), 'image/png', 'inline'],
    ] as const;
    for (const [name, bytes, type, disposition] of cases) {
      const added = await upload(owner.token, applicantId, name, bytes, [
        { name: 'kind', value: 'attachment' },
      ]);
      expect(added.status, `${name}: ${JSON.stringify(added.body)}`).toBe(200);
      expect(added.body.message).toMatchObject({
        file_name: name,
        mime_type: type,
        kind: 'attachment',
      });
      const got = await download(owner.token, added.body.message.url);
      expect(got.rawPayload.equals(bytes), name).toBe(true);
      expect(got.headers['content-type']).toBe(type);
      expect(got.headers['content-disposition']).toBe(
        `${disposition}; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
  });

  it('trusts the content over the name: a PDF called .txt is kept as a PDF', async () => {
    const added = await upload(owner.token, applicantId, 'резюме.txt', tinyPdf());
    expect(added.status).toBe(200);
    expect(added.body.message).toMatchObject({
      mime_type: 'application/pdf',
      file_name: 'резюме.pdf',
    });
  });

  it('lists the files on the card and at /files, oldest first, the photo apart', async () => {
    const photo = await send(owner.token, `/api/applicants/${applicantId}/photo`, [
      { name: 'file', filename: 'me.png', content: tinyPng() },
    ]);
    expect(photo.status).toBe(200);
    const list = await call(t.app, 'GET', `/api/applicants/${applicantId}/files`, undefined, {
      token: owner.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.message.map((f: { file_name: string }) => f.file_name)).toEqual([
      'Резюме Иванова (2024).pdf',
      'Опыт работы.docx',
      'cover.rtf',
      'скан паспорта.png',
      'резюме.pdf',
    ]);
    const card = await call(t.app, 'GET', `/api/applicants/${applicantId}`, undefined, {
      token: owner.token,
    });
    expect(card.body.message.files).toEqual(list.body.message);
    expect(card.body.message.worklog[1]).toMatchObject({
      action: 'file_added',
      changes: { file_name: 'резюме.pdf', kind: 'resume' },
      user_id: owner.userId,
    });
  });

  it('removes a file with its bytes and records it', async () => {
    const added = await upload(owner.token, applicantId, 'лишнее.pdf', tinyPdf());
    const fileId = added.body.message.id as number;
    const before = storedBlobs().length;
    const removed = await call(
      t.app,
      'DELETE',
      `/api/applicants/${applicantId}/files/${fileId}`,
      undefined,
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Файл удалён');
    expect(storedBlobs()).toHaveLength(before - 1);
    expect((await download(owner.token, `/api/files/${fileId}`)).statusCode).toBe(404);
    const card = await call(t.app, 'GET', `/api/applicants/${applicantId}`, undefined, {
      token: owner.token,
    });
    expect(card.body.message.files.map((f: { id: number }) => f.id)).not.toContain(fileId);
    expect(card.body.message.worklog[0]).toMatchObject({
      action: 'file_removed',
      changes: { file_id: fileId, file_name: 'лишнее.pdf' },
    });
    const again = await call(
      t.app,
      'DELETE',
      `/api/applicants/${applicantId}/files/${fileId}`,
      undefined,
      { token: owner.token },
    );
    expect(again.status).toBe(404);
  });
});

describe('refused uploads store nothing', () => {
  let applicantId: number;
  let rowsBefore: number;
  let blobsBefore: number;
  beforeAll(async () => {
    applicantId = await createApplicant(owner.token, 'Отказной');
    rowsBefore = (await fileRows()).length;
    blobsBefore = storedBlobs().length;
  });

  const refusals: [string, string, Buffer, string][] = [
    ['text renamed to .pdf', 'resume.pdf', Buffer.from('Просто текст, не PDF'), WRONG_TYPE],
    ['an .exe renamed to .pdf', 'resume.pdf', fakeExe(), WRONG_TYPE],
    ['a zip that is not a Word file', 'resume.docx', zip({ 'readme.txt': 'hi' }), WRONG_TYPE],
    ['a truncated zip', 'resume.docx', tinyDocx().subarray(0, 200), WRONG_TYPE],
    ['an empty file', 'resume.pdf', Buffer.alloc(0), 'Файл пустой'],
  ];
  for (const [what, name, bytes, message] of refusals) {
    it(`refuses ${what}`, async () => {
      const response = await upload(owner.token, applicantId, name, bytes);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    });
  }

  it('refuses a file over 15 MB with 413, and takes one of exactly 15 MB', async () => {
    const big = await upload(owner.token, applicantId, 'big.pdf', tinyPdf(16 * MB));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 413, status: 'error', message: TOO_LARGE });
    const justFits = await upload(owner.token, applicantId, 'fits.pdf', tinyPdf(15 * MB));
    expect(justFits.status).toBe(200);
    const removed = await call(
      t.app,
      'DELETE',
      `/api/applicants/${applicantId}/files/${justFits.body.message.id}`,
      undefined,
      { token: owner.token },
    );
    expect(removed.status).toBe(200);
  });

  it('refuses a request without a file, a wrong kind and a JSON body', async () => {
    const noFile = await send(owner.token, `/api/applicants/${applicantId}/files`, [
      { name: 'kind', value: 'resume' },
    ]);
    expect(noFile.status).toBe(400);
    expect(noFile.body.message).toBe('Прикрепите файл в поле file');
    const badKind = await upload(owner.token, applicantId, 'a.pdf', tinyPdf(), [
      { name: 'kind', value: 'photo' },
    ]);
    expect(badKind.status).toBe(400);
    expect(badKind.body.errors).toHaveProperty('kind');
    const json = await call(
      t.app,
      'POST',
      `/api/applicants/${applicantId}/files`,
      { file: 'x' },
      { token: owner.token },
    );
    expect(json.status).toBe(415);
    const twoFiles = await send(owner.token, `/api/applicants/${applicantId}/files`, [
      { name: 'file', filename: 'a.pdf', content: tinyPdf() },
      { name: 'file', filename: 'b.pdf', content: tinyPdf() },
    ]);
    expect(twoFiles.status).toBe(400);
  });

  it('left no row and no bytes behind', async () => {
    expect(await fileRows()).toHaveLength(rowsBefore);
    expect(storedBlobs()).toHaveLength(blobsBefore);
  });
});

describe('the photo as an upload', () => {
  it('replaces the photo with the same checks as a data URL', async () => {
    const id = await createApplicant(owner.token, 'Фотогеничный');
    const url = `/api/applicants/${id}/photo`;
    const first = await send(owner.token, url, [
      { name: 'file', filename: 'a.png', content: tinyPng() },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const blue = tinyPng([0, 0, 255]);
    const second = await send(owner.token, url, [
      { name: 'file', filename: 'b.png', content: blue },
    ]);
    expect(second.status).toBe(200);
    expect(second.body.message.worklog[0]).toMatchObject({
      action: 'update',
      changes: { photo: { from: first.body.message.photo, to: second.body.message.photo } },
    });
    expect((await download(owner.token, first.body.message.photo)).statusCode).toBe(404);
    const served = await download(owner.token, second.body.message.photo);
    expect(served.rawPayload.equals(blue)).toBe(true);
    expect(served.headers['content-disposition']).toMatch(/^inline; /);

    const notImage = await send(owner.token, url, [
      { name: 'file', filename: 'me.png', content: tinyPdf() },
    ]);
    expect(notImage.status).toBe(400);
    expect(notImage.body.message).toBe('Фото должно быть изображением JPEG, PNG, WebP или GIF');
    const huge = await send(owner.token, url, [
      { name: 'file', filename: 'me.png', content: Buffer.concat([blue, Buffer.alloc(6 * MB)]) },
    ]);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Фото больше 5 МБ');
    const files = await systemRows(
      t.database,
      sql`select kind from files where applicant_id = ${id}`,
    );
    expect(files).toEqual([{ kind: 'photo' }]);
  });
});

describe('who may touch files', () => {
  let applicantId: number;
  let fileId: number;
  beforeAll(async () => {
    applicantId = await createApplicant(owner.token, 'Охраняемый');
    const added = await upload(owner.token, applicantId, 'cv.pdf', tinyPdf());
    fileId = added.body.message.id;
  });

  it('answers 404 to another account and stores nothing', async () => {
    const rows = (await fileRows()).length;
    const blobs = storedBlobs().length;
    const token = stranger.token;
    const attempts = [
      await upload(token, applicantId, 'cv.pdf', tinyPdf()),
      await send(token, `/api/applicants/${applicantId}/photo`, [
        { name: 'file', filename: 'a.png', content: tinyPng() },
      ]),
      await call(t.app, 'GET', `/api/applicants/${applicantId}/files`, undefined, { token }),
      await call(t.app, 'DELETE', `/api/applicants/${applicantId}/files/${fileId}`, undefined, {
        token,
      }),
    ];
    for (const attempt of attempts) expect(attempt.status).toBe(404);
    expect((await download(token, `/api/files/${fileId}`)).statusCode).toBe(404);

    // Their own applicant does not open a door to our file either.
    const theirs = await createApplicant(token, 'Чужой');
    const viaTheirs = await call(
      t.app,
      'DELETE',
      `/api/applicants/${theirs}/files/${fileId}`,
      undefined,
      { token },
    );
    expect(viaTheirs.status).toBe(404);

    expect(await fileRows()).toHaveLength(rows);
    expect(storedBlobs()).toHaveLength(blobs);
    expect((await download(owner.token, `/api/files/${fileId}`)).statusCode).toBe(200);
  });

  it('refuses watchers and recruiters without the right to edit the applicant', async () => {
    const watcher = await addTeamMember(t.app, owner.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const limited = await addTeamMember(t.app, owner.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const ownOnly = await addTeamMember(t.app, owner.token, {
      member_type: 'owner',
      is_admin: false,
    });
    for (const [member, permissions] of [
      [limited, { can_manage_applicant: false }],
      [ownOnly, { can_manage_others_applicant: false }],
    ] as const) {
      await changeUserSettings(t.app, owner.token, member.userId, {
        permissions_actions: permissions,
      });
    }
    const rows = (await fileRows()).length;

    const w = watcher.token;
    const watcherAttempts = [
      await upload(w, applicantId, 'cv.pdf', tinyPdf()),
      await send(w, `/api/applicants/${applicantId}/photo`, [
        { name: 'file', filename: 'a.png', content: tinyPng() },
      ]),
      await call(t.app, 'DELETE', `/api/applicants/${applicantId}/files/${fileId}`, undefined, {
        token: w,
      }),
    ];
    for (const attempt of watcherAttempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.message).toBe('Заказчику недоступна база кандидатов');
    }
    // Reading: an applicant on none of the watcher's vacancies is not there for them (issue 20).
    const hiddenList = await call(t.app, 'GET', `/api/applicants/${applicantId}/files`, undefined, {
      token: w,
    });
    expect(hiddenList.status).toBe(404);
    expect(hiddenList.body.message).toBe('Кандидат не найден');
    expect((await download(w, `/api/files/${fileId}`)).statusCode).toBe(404);

    const noRights = await upload(limited.token, applicantId, 'cv.pdf', tinyPdf());
    expect(noRights.status).toBe(403);
    expect(noRights.body.message).toBe('Нет прав на изменение кандидатов');
    const othersApplicant = await call(
      t.app,
      'DELETE',
      `/api/applicants/${applicantId}/files/${fileId}`,
      undefined,
      { token: ownOnly.token },
    );
    expect(othersApplicant.status).toBe(403);
    expect(othersApplicant.body.message).toBe(
      'Нет прав на изменение кандидатов другого ответственного',
    );
    expect(await fileRows()).toHaveLength(rows);

    // Reading needs no flags: the limited recruiter still sees and downloads the file.
    const list = await call(t.app, 'GET', `/api/applicants/${applicantId}/files`, undefined, {
      token: limited.token,
    });
    expect(list.body.message.map((f: { id: number }) => f.id)).toEqual([fileId]);
    // And a recruiter limited to their own applicants uploads to those.
    const own = await createApplicant(ownOnly.token, 'Свой');
    const ownUpload = await upload(ownOnly.token, own, 'cv.rtf', tinyRtf());
    expect(ownUpload.status).toBe(200);
  });
});
