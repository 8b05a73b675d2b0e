import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemRows } from '../../../test/db-helpers.ts';
import { FILE_LIMIT_MESSAGES } from '@ats/contracts/files';
import {
  type MultipartPart,
  postMultipart,
  textRunsPdf,
  tinyPdf,
  zip,
} from '../../../test/documents.ts';
import {
  type SignedUp,
  addTeamMember,
  changeUserSettings,
  signUpCompany,
} from '../../../test/factories.ts';
import { tinyPng } from '../../../test/images.ts';
import { resumeDocx, resumePdf, scannedPdf } from '../../../test/resume-documents.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

const URL = '/api/applicants/parse_resume';
const WRONG_TYPE = 'Резюме должно быть файлом PDF или DOCX';
const UNREADABLE = 'Не удалось прочитать файл: он повреждён или защищён паролем';
const MB = 1024 * 1024;

let t: TestApp;
let owner: SignedUp;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpCompany(t.app);
});
afterAll(async () => {
  await t?.close();
});

const send = (token: string | null, parts: MultipartPart[]) =>
  postMultipart(t.app, URL, parts, token);

const parse = (content: Buffer, filename = 'Резюме.pdf', token: string | null = owner.token) =>
  send(token, [{ name: 'file', filename, content }]);

const applicantCount = async () => {
  const [row] = await systemRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from applicants where account_id = ${owner.accountId}`,
  );
  return row!.n;
};

describe('a résumé exported from hh.ru as PDF', () => {
  let draft: Record<string, unknown>;

  it('answers a draft with the fields of the create form and creates nothing', async () => {
    const response = await parse(await resumePdf(), 'Иванова Мария.pdf');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message.file_type).toBe('pdf');
    expect(response.body.message.text_length).toBeGreaterThan(500);
    draft = response.body.message.draft;
    expect(draft).toMatchObject({
      last_name: 'Иванова',
      first_name: 'Мария',
      middle_name: 'Сергеевна',
      city: 'Екатеринбург',
      gender: 'female',
      birthday: '1992-03-05',
      phone: '+79123456789',
      email: 'maria.ivanova@mail.ru',
      position: 'Ведущий бухгалтер',
      company: 'ООО «Уралсталь»',
      money: '120000',
      currency: 'RUB',
      citizenship: ['Россия'],
      total_experience: 99,
      skills: ['1С: Бухгалтерия', 'МСФО', 'Налоговый учёт'],
      about_me: 'Внимательная, люблю порядок в цифрах.',
    });
    expect(await applicantCount()).toBe(0);
  });

  it('reads the jobs from the two columns, and the school', () => {
    expect(draft.experience).toEqual([
      expect.objectContaining({
        company: 'ООО «Уралсталь»',
        position: 'Главный бухгалтер',
        link: 'uralsteel.ru',
        date_start: '2018-03-01',
        is_now: true,
      }),
      expect.objectContaining({
        company: 'АО «Альфа-Банк»',
        position: 'Бухгалтер',
        date_start: '2015-01-01',
        date_end: '2018-02-01',
        description: 'Расчёт заработной платы, учёт основных средств.',
      }),
    ]);
    expect(draft.education).toEqual([
      expect.objectContaining({
        level: 'Высшее',
        name: 'Уральский федеральный университет',
        speciality: 'Экономический факультет, Бухгалтерский учёт, анализ и аудит',
        date_end: '2014-07-01',
      }),
    ]);
  });

  it('finds the languages and their levels in the dictionaries', () => {
    // ref_languages: 1 Русский, 2 Английский; ref_language_levels: 4 B2, 7 Родной.
    expect(draft.languages).toEqual([
      { language_id: 1, language_level_id: 7 },
      { language_id: 2, language_level_id: 4 },
    ]);
  });

  it('keeps the rest for the recruiter in unidentified_info', () => {
    const lines = String(draft.unidentified_info).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'Не готова к переезду, готова к командировкам',
        'Занятость: полная занятость',
        'Зарплата: на руки',
      ]),
    );
  });

  it('is accepted as it is by POST /api/applicants', async () => {
    const created = await call(
      t.app,
      'POST',
      '/api/applicants',
      { ...draft, source: 'resume' },
      { token: owner.token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toMatchObject({
      last_name: 'Иванова',
      email: 'maria.ivanova@mail.ru',
      languages: draft.languages,
    });
    expect(created.body.message.experience).toHaveLength(2);
  });
});

describe('a résumé saved from Word', () => {
  it('reads a DOCX the same way, by its paragraphs', async () => {
    const docx = resumeDocx([
      'Петров Сергей Иванович',
      'Мужчина, 41 год, родился 2 июня 1983',
      'Telegram: @petrov_s, skype: sergey.petrov',
      '+7 (921) 000-11-22',
      'Желаемая должность и зарплата',
      'Прораб',
      '1 500 $',
      'Навыки',
      'AutoCAD, Сметы, Охрана труда',
      'Знание языков',
      'Клингонский — B1',
    ]);
    const response = await parse(docx, 'petrov.docx');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message.file_type).toBe('docx');
    expect(response.body.message.draft).toMatchObject({
      last_name: 'Петров',
      first_name: 'Сергей',
      middle_name: 'Иванович',
      gender: 'male',
      birthday: '1983-06-02',
      tg: '@petrov_s',
      skype: 'sergey.petrov',
      phone: '+79210001122',
      position: 'Прораб',
      money: '1500',
      currency: 'USD',
      skills: ['AutoCAD', 'Сметы', 'Охрана труда'],
      languages: [],
    });
    // A language the dictionary lacks is not lost.
    expect(response.body.message.draft.unidentified_info).toContain('Язык: Клингонский (B1)');
  });
});

describe('files it cannot read', () => {
  it('refuses an image, a text file and a zip that is not a Word document as the wrong type', async () => {
    for (const [content, name] of [
      [tinyPng(), 'resume.png'],
      [Buffer.from('Иван Петров, +7 912 000-00-00', 'utf8'), 'resume.pdf'],
      [zip({ 'data.csv': 'a,b' }), 'resume.docx'],
    ] as const) {
      const response = await parse(content, name);
      expect(response.status, name).toBe(400);
      expect(response.body).toMatchObject({ status: 'error', message: WRONG_TYPE });
    }
  });

  it('says a broken PDF or DOCX is damaged', async () => {
    const brokenPdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog\nэто не PDF', 'utf8');
    const brokenDocx = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(200)]);
    for (const [content, name] of [
      [brokenPdf, 'broken.pdf'],
      [brokenDocx, 'broken.docx'],
    ] as const) {
      const response = await parse(content, name);
      expect(response.status, name).toBe(400);
      expect(response.body.message).toBe(UNREADABLE);
    }
  });

  it('explains that a scan has no text (422), and an empty PDF page likewise', async () => {
    for (const content of [await scannedPdf(), tinyPdf()]) {
      const response = await parse(content, 'scan.pdf');
      expect(response.status).toBe(422);
      expect(response.body.message).toMatch(/^В файле нет текста: похоже, это скан/);
      expect(response.body.errors.file).toBe(response.body.message);
    }
  });

  it('refuses a PDF of more pieces of text than a résumé has', async () => {
    // 30,000 text commands pass the count made before reading (50,000); the reader gives them as
    // 30,000 pieces and is stopped at 20,000.
    const response = await parse(textRunsPdf(30_000));
    expect(response.status, JSON.stringify(response.body)).toBe(413);
    expect(response.body).toMatchObject({
      message: FILE_LIMIT_MESSAGES.pdfTooMuchText,
      errors: { file: FILE_LIMIT_MESSAGES.pdfTooMuchText },
    });
  });

  it('refuses an empty file, a missing file and more than 15 MB', async () => {
    const empty = await parse(Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Файл пустой');

    const missing = await send(owner.token, [{ name: 'kind', value: 'resume' }]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Прикрепите файл в поле file');

    const huge = await parse(tinyPdf(15 * MB + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('Файл больше 15 МБ');

    const json = await call(t.app, 'POST', URL, { file: 'резюме' }, { token: owner.token });
    expect(json.status).toBe(415);
  });
});

describe('who may parse', () => {
  it('is whoever may create applicants: not a watcher, not a recruiter without the right', async () => {
    const watcher = await addTeamMember(t.app, owner.token, {
      member_type: 'watcher',
      is_admin: false,
    });
    const limited = await addTeamMember(t.app, owner.token, {
      member_type: 'owner',
      is_admin: false,
    });
    await changeUserSettings(t.app, owner.token, limited.userId, {
      permissions_actions: { can_manage_applicant: false },
    });
    const pdf = await resumePdf();

    const byWatcher = await parse(pdf, 'r.pdf', watcher.token);
    expect(byWatcher.status).toBe(403);
    expect(byWatcher.body.message).toBe('Заказчику недоступна база кандидатов');
    const byLimited = await parse(pdf, 'r.pdf', limited.token);
    expect(byLimited.status).toBe(403);
    expect(byLimited.body.message).toBe('Нет прав на изменение кандидатов');
    const anonymous = await parse(pdf, 'r.pdf', null);
    expect(anonymous.status).toBe(420);
  });
});
