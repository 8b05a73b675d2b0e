import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { dataUrl, tinyPng } from '../../../test/images.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

let t: TestApp;
let dataDir: string;
let hr: SignedUp;
let applicantId: number;

/** What a reader of the PDF sees: its text, page by page, and whether a page shows an image. */
async function readPdf(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  let images = 0;
  let size: number[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    if (n === 1) size = page.view.slice(2).map(Math.round);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    const operators = await page.getOperatorList();
    images += operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
  }
  await pdf.destroy();
  return { text: pages.join('\n').replace(/\s+/g, ' '), pages: pdf.numPages, images, size };
}

const downloadPdf = (id: number, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/applicants/${id}/pdf`,
    headers: { 'x-dcrt-hrm-auth': token },
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ats-applicant-pdf-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  hr = await signUpCompany(t.app);
  const created = await call(
    t.app,
    'POST',
    '/api/applicants',
    {
      last_name: 'Соколова',
      first_name: 'Ёлка',
      middle_name: 'Андреевна',
      photo: dataUrl(tinyPng()),
      position: 'Ведущий аналитик',
      company: 'ООО «Северный ветер»',
      phone: '+7 912 345-67-89',
      email: 'elka@example.ru',
      tg: 'elka_sokolova',
      contacts: [{ contact_type: 'vk', value: 'vk.com/elka', is_prefered: true }],
      money: '180 000',
      currency: 'RUB',
      birthday: '1990-03-15',
      gender: 'female',
      country: 1,
      citizenship: ['Россия'],
      total_experience: 50,
      experience: [
        {
          position: 'Аналитик данных',
          company: 'Банк «Восток»',
          date_start: '2019-02-01',
          is_now: true,
          description: 'Отчётность для правления',
          skills: ['Power BI'],
        },
      ],
      education: [
        {
          name: 'Уральский федеральный университет',
          speciality: 'Прикладная математика',
          level: 'Высшее',
          date_start: '2008-09-01',
          date_end: '2013-06-30',
        },
      ],
      skills: ['SQL', 'Разработка отчётов'],
      languages: [{ language_id: 2, language_level_id: 4 }],
      driver_licenses: [{ driver_license_id: 2, driver_experience: 8 }],
      about_me: 'Люблю порядок в данных',
      unidentified_info: 'Хобби: шахматы',
      resume_urls: ['https://hh.ru/resume/elka'],
      comment: { description: 'Сильный кандидат' },
    },
    { token: hr.token },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  applicantId = created.body.message.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the printable PDF of the applicant card', () => {
  it('is an A4 attachment named after the applicant, with the whole card in Russian', async () => {
    const response = await downloadPdf(applicantId, hr.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Соколова Ёлка Андреевна.pdf')}`,
    );
    // Personal data: never kept by a cache on the way.
    expect(response.headers['cache-control']).toBe('no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(bytes);
    expect(pdf.size).toEqual([595, 842]); // A4 in points
    for (const expected of [
      'Соколова Ёлка Андреевна',
      'Ведущий аналитик · ООО «Северный ветер»',
      '+7 912 345-67-89',
      'elka@example.ru',
      'ВКонтакте (предпочтительно)',
      '180 000 RUB',
      '15.03.1990',
      'женский',
      'Россия',
      '4 года 2 месяца',
      'Аналитик данных, Банк «Восток»',
      '01.02.2019 — по настоящее время',
      'Уральский федеральный университет',
      'SQL, Разработка отчётов',
      'Английский B2 — Средне-продвинутый',
      'B (стаж 8 лет)',
      'Люблю порядок в данных',
      'Хобби: шахматы',
      'https://hh.ru/resume/elka',
      'создал(а) кандидата',
      'добавил(а) комментарий',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    expect(pdf.images).toBe(1);
  });

  it('leaves out what the user’s download settings switch off', async () => {
    const colleague = await addTeamMember(t.app, hr.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await changeUserSettings(t.app, hr.token, colleague.userId, {
      download_pdf: {
        is_phone: false,
        is_skills: false,
        is_photo: false,
        is_worklog: false,
        is_middle_name: false,
      },
    });

    const response = await downloadPdf(applicantId, colleague.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      encodeURIComponent('Соколова Ёлка.pdf'),
    );
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain('Соколова Ёлка');
    expect(pdf.text).toContain('elka@example.ru');
    expect(pdf.text).not.toContain('Андреевна');
    expect(pdf.text).not.toContain('345-67-89');
    expect(pdf.text).not.toContain('Разработка отчётов');
    expect(pdf.text).not.toContain('создал(а) кандидата');
    expect(pdf.images).toBe(0);

    // The author's own settings are untouched: everything is still there for them.
    const own = await readPdf((await downloadPdf(applicantId, hr.token)).rawPayload);
    expect(own.text).toContain('345-67-89');
  });

  it('is not found for another account, nor for an applicant that does not exist', async () => {
    const stranger = await signUpCompany(t.app);
    for (const id of [applicantId, 2_000_000]) {
      const response = await downloadPdf(id, stranger.token);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toMatchObject({
        code: 404,
        status: 'error',
        message: 'Кандидат не найден',
      });
    }
  });

  it('is refused to hiring managers and to visitors without a session (420); a bad id is a 400', async () => {
    const watcher = await addTeamMember(t.app, hr.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const refused = await downloadPdf(applicantId, watcher.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Заказчику недоступна база кандидатов');

    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/${applicantId}/pdf`,
    });
    expect(anonymous.statusCode).toBe(420);

    const bad = await downloadPdf(0, hr.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe('error');
  });

  it('reads the card with the session cookie too, as the browser downloads it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/applicants/${applicantId}/pdf`,
      headers: { cookie: `auth_token=${hr.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect((await readPdf(response.rawPayload)).text).toContain('Соколова Ёлка Андреевна');
  });
});
