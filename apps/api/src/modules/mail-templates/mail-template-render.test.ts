import JSZip from 'jszip';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, addTeamMember, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';
import { openVacancy } from '../../../test/vacancy-fixtures.ts';

let t: TestApp;
let hr: SignedUp;
let applicantId: number;
let vacancyId: number;
let templateId: number;

const BODY =
  '<h2>Приглашение</h2>' +
  '<p>Здравствуйте, <strong>%applicant.first_name%</strong>!</p>' +
  '<p>Приглашаем вас на вакансию «%vacancy.name%» в компанию %company.name%.</p>' +
  '<ul><li><p>Телефон: %applicant.phone%</p></li><li><p>Почта: %applicant.email%</p></li></ul>' +
  '<ol><li><p>Собеседование</p></li><li><p>Оффер</p></li></ol>' +
  '<p><em>С уважением, %user.name%</em>, %date%</p>' +
  '<p>Промокод: %promo.code%</p>';

async function pdfText(bytes: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

const download = (kind: 'pdf' | 'docx', query: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/get_${kind}_by_template?${query}`,
    headers: { 'x-dcrt-hrm-auth': token },
  });

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app, { name: 'Анна', company: 'ООО «Северный ветер»' });
  const applicant = await call(
    t.app,
    'POST',
    '/api/applicants',
    {
      last_name: 'Соколова',
      first_name: 'Ёлка <b>& Ко</b>',
      middle_name: 'Андреевна',
      position: 'Ведущий аналитик',
      phone: '+7 912 345-67-89',
      email: 'elka@example.ru',
    },
    { token: hr.token },
  );
  expect(applicant.status, JSON.stringify(applicant.body)).toBe(200);
  applicantId = applicant.body.message.id;
  vacancyId = (await openVacancy(t.app, hr.token, { position: 'Аналитик данных' })).id;
  const template = await call(
    t.app,
    'POST',
    '/api/account_mail_temps',
    {
      name: 'Приглашение',
      title: 'Приглашение на «%vacancy.name%», %applicant.name%',
      description: BODY,
      is_shared: true,
    },
    { token: hr.token },
  );
  expect(template.status, JSON.stringify(template.body)).toBe(200);
  templateId = template.body.message.id;
});
afterAll(() => t.close());

const query = () => `template_id=${templateId}&applicant_id=${applicantId}&vacancy_id=${vacancyId}`;

describe('a template rendered for an applicant', () => {
  it('fills the variables with Cyrillic values, escapes them in HTML and keeps unknown ones as typed', async () => {
    const response = await call(t.app, 'GET', `/api/get_letter_by_template?${query()}`, undefined, {
      token: hr.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const letter = response.body.message;
    expect(letter.subject).toBe(
      'Приглашение на «Аналитик данных», Соколова Ёлка <b>& Ко</b> Андреевна',
    );
    expect(letter.body_html).toContain(
      '<p>Здравствуйте, <strong>Ёлка &lt;b&gt;&amp; Ко&lt;/b&gt;</strong>!</p>',
    );
    expect(letter.body_html).not.toContain('<b>');
    expect(letter.body_html).toContain('компанию ООО «Северный ветер»');
    expect(letter.body_html).toContain('%promo.code%');
    expect(letter.unknown_variables).toEqual(['%promo.code%']);
    const date = new Intl.DateTimeFormat('ru-RU', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Moscow',
    }).format(new Date());
    expect(letter.body_text).toBe(
      [
        'Приглашение',
        '',
        'Здравствуйте, Ёлка <b>& Ко</b>!',
        '',
        'Приглашаем вас на вакансию «Аналитик данных» в компанию ООО «Северный ветер».',
        '',
        '• Телефон: +7 912 345-67-89',
        '• Почта: elka@example.ru',
        '1. Собеседование',
        '2. Оффер',
        '',
        `С уважением, Анна, ${date}`,
        '',
        'Промокод: %promo.code%',
      ].join('\n'),
    );
    expect(date).toMatch(/^\d{1,2} [а-я]+ \d{4} г\.$/);
  });

  it('leaves the vacancy empty when none is chosen', async () => {
    const response = await call(
      t.app,
      'GET',
      `/api/get_letter_by_template?template_id=${templateId}&applicant_id=${applicantId}`,
      undefined,
      { token: hr.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.message.subject).toBe(
      'Приглашение на «», Соколова Ёлка <b>& Ко</b> Андреевна',
    );
  });

  it('previews an unsaved body for the chosen applicant', async () => {
    const response = await call(
      t.app,
      'POST',
      '/api/account_mail_temps/preview',
      {
        title: 'Привет, %applicant.first_name%',
        description: '<p>%applicant.last_name%, %неизвестно% <a href="%applicant.name%">x</a></p>',
        applicant_id: applicantId,
      },
      { token: hr.token },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.message.subject).toBe('Привет, Ёлка <b>& Ко</b>');
    expect(response.body.message.body_html).toContain('<p>Соколова, %неизвестно%');
  });

  it('writes an A4 PDF whose text holds the Cyrillic letter, with a Russian file name', async () => {
    const response = await download('pdf', query(), hr.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="letter.pdf"; filename\*=UTF-8''/);
    // Characters a file system refuses (< > /) are left out of the name.
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      'Приглашение — Соколова Ёлка b & Ко b Андреевна.pdf',
    );
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Приглашение на «Аналитик данных»');
    expect(text).toContain('Здравствуйте, Ёлка <b>& Ко</b>!');
    expect(text).toContain('компанию ООО «Северный ветер»');
    expect(text).toContain('Телефон: +7 912 345-67-89');
    expect(text).toContain('2. Оффер');
  });

  it('writes a DOCX whose document.xml holds the Cyrillic text with headings, bold and lists', async () => {
    const response = await download('docx', query(), hr.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="letter.docx"; filename\*=UTF-8''.+\.docx$/,
    );
    const zip = await JSZip.loadAsync(response.rawPayload);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toContain('Приглашение на «Аналитик данных»');
    expect(xml).toContain('Ёлка &lt;b&gt;&amp; Ко&lt;/b&gt;');
    expect(xml).toContain('Собеседование');
    expect(xml).toMatch(/<w:pStyle w:val="Heading2"\/>/);
    // The first name is bold, the signature italic, the list items numbered.
    expect(xml).toMatch(/<w:b\/>(?:(?!<\/w:r>).)*Ёлка/s);
    expect(xml).toMatch(/<w:i\/>(?:(?!<\/w:r>).)*С уважением/s);
    expect(xml).toContain('<w:numPr>');
  });
});

describe('rendering reaches only what the caller may see', () => {
  it('answers 404 for another account’s template, applicant or vacancy', async () => {
    const intruder = await signUpCompany(t.app);
    const theirs = await call(
      t.app,
      'POST',
      '/api/applicants',
      { first_name: 'Чужой' },
      { token: intruder.token },
    );
    const theirTemplate = await call(
      t.app,
      'POST',
      '/api/account_mail_temps',
      { name: 'Их шаблон', description: '<p>%applicant.name%</p>' },
      { token: intruder.token },
    );
    const theirVacancy = await openVacancy(t.app, intruder.token);
    const attempts = [
      `template_id=${templateId}&applicant_id=${theirs.body.message.id}`,
      `template_id=${theirTemplate.body.message.id}&applicant_id=${applicantId}`,
      `template_id=${templateId}&applicant_id=${applicantId}&vacancy_id=${theirVacancy.id}`,
    ];
    for (const attempt of attempts) {
      for (const path of [
        'get_letter_by_template',
        'get_pdf_by_template',
        'get_docx_by_template',
      ]) {
        const response = await call(t.app, 'GET', `/api/${path}?${attempt}`, undefined, {
          token: hr.token,
        });
        expect(response.status, `${path}?${attempt}`).toBe(404);
        expect(response.body.message).toMatch(/не найден/);
      }
    }
    const intruderReads = await call(
      t.app,
      'GET',
      `/api/get_letter_by_template?${query()}`,
      undefined,
      { token: intruder.token },
    );
    expect(intruderReads.status).toBe(404);
    const preview = await call(
      t.app,
      'POST',
      '/api/account_mail_temps/preview',
      { description: '<p>%applicant.name%</p>', applicant_id: applicantId },
      { token: intruder.token },
    );
    expect(preview.status).toBe(404);
  });

  it('answers 404 for a colleague’s personal template and 403 for a watcher', async () => {
    const colleague = await addTeamMember(t.app, hr.token, {
      member_type: 'owner',
      is_admin: false,
    });
    const personal = await call(
      t.app,
      'POST',
      '/api/account_mail_temps',
      { name: 'Личное', description: '<p>%applicant.name%</p>' },
      { token: colleague.token },
    );
    const theirs = await call(
      t.app,
      'GET',
      `/api/get_letter_by_template?template_id=${personal.body.message.id}&applicant_id=${applicantId}`,
      undefined,
      { token: hr.token },
    );
    expect(theirs.status).toBe(404);
    const watcher = await addTeamMember(t.app, hr.token, {
      member_type: 'watcher',
      is_admin: true,
    });
    const refused = await download('pdf', query(), watcher.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Шаблоны писем доступны только рекрутерам');
  });

  it('answers bad queries 400 in Russian', async () => {
    const cases: [string, string][] = [
      [`applicant_id=${applicantId}`, 'Укажите шаблон'],
      [`template_id=${templateId}`, 'Укажите кандидата'],
      [`template_id=abc&applicant_id=${applicantId}`, 'Укажите шаблон'],
      [`template_id=${templateId}&applicant_id=1.5`, 'Некорректный идентификатор'],
      [
        `template_id=${templateId}&applicant_id=${applicantId}&vacancy_id=-3`,
        'Некорректная вакансия',
      ],
    ];
    for (const [q, message] of cases) {
      for (const path of [
        'get_letter_by_template',
        'get_pdf_by_template',
        'get_docx_by_template',
      ]) {
        const response = await call(t.app, 'GET', `/api/${path}?${q}`, undefined, {
          token: hr.token,
        });
        expect(response.status, `${path}?${q}`).toBe(400);
        expect(response.body.message).toBe(message);
      }
    }
    const noApplicant = await call(
      t.app,
      'POST',
      '/api/account_mail_temps/preview',
      { description: '<p>x</p>' },
      { token: hr.token },
    );
    expect(noApplicant.status).toBe(400);
    expect(noApplicant.body.message).toBe('Выберите кандидата для предпросмотра');
  });
});
