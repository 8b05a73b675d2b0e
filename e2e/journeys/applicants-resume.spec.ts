import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// The API tests' résumé builder: a real pdfkit PDF with Cyrillic text, laid out as hh.ru does.
import {
  type ResumeRow,
  resumeDocxOfRows,
  resumePdf,
} from '../../apps/api/test/resume-documents.ts';
// Two of the résumé set (apps/api/test/resumes): hh.ru's PDF and a Word résumé typed by hand.
import { handmadeDocxBuyer } from '../../apps/api/test/resumes/handmade-docx-buyer.ts';
import { hhPdfBuyer } from '../../apps/api/test/resumes/hh-pdf-buyer.ts';
import { cardSection } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { field, toast } from '../fixtures/ui.ts';

/** Rows of an hh.ru PDF export; `left` is the dates column beside the job on the right. */
const RESUME: ResumeRow[] = [
  'Иванова Мария Сергеевна',
  'Женщина, 32 года, родилась 5 марта 1992',
  '+7 (912) 345-67-89 — предпочитаемый способ связи',
  'maria.ivanova@mail.ru',
  'Проживает: Екатеринбург',
  'Желаемая должность и зарплата',
  'Ведущий бухгалтер',
  '120 000 ₽ на руки',
  'Опыт работы — 8 лет 3 месяца',
  { left: 'Март 2018 —', right: 'ООО «Уралсталь»' },
  { left: 'настоящее время', right: 'Главный бухгалтер' },
  'Ведение полного цикла бухгалтерского учёта.',
  'Ключевые навыки',
  { left: 'Навыки', right: 'МСФО' },
];

/**
 * How long the form may show «Читаем резюме…»: the server gives the reading 10 s (a busy machine
 * takes most of them for the first PDF, whose reader the worker loads), then answers either way.
 */
const READING = 20_000;

test.describe('creating an applicant from a résumé', () => {
  let folder: string;
  test.beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'ats-resume-'));
  });
  test.afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  test('a recruiter uploads a PDF résumé, checks the filled form, fixes a field and gets the card with the file', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.token).toBeTruthy();
    const fileName = 'Резюме Ивановой.pdf';
    const file = path.join(folder, fileName);
    await writeFile(file, await resumePdf(RESUME));

    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
    const resumeInput = dialog.getByLabel('Загрузить резюме');

    // A picture is not a résumé: the server says so in Russian and the form stays empty.
    await resumeInput.setInputFiles({
      name: 'скан.png',
      mimeType: 'image/png',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    await expect(toast(page, 'Резюме должно быть файлом PDF или DOCX')).toBeVisible();
    await expect(field(dialog, 'Фамилия')).toHaveValue('');

    await resumeInput.setInputFiles(file);
    await expect(
      dialog.getByText(`Поля заполнены из «${fileName}» — проверьте их перед созданием`),
    ).toBeVisible({ timeout: READING });
    await expect(field(dialog, 'Фамилия')).toHaveValue('Иванова');
    await expect(field(dialog, 'Имя')).toHaveValue('Мария');
    await expect(field(dialog, 'Отчество')).toHaveValue('Сергеевна');
    await expect(field(dialog, 'Телефон')).toHaveValue('+7 912 345-67-89');
    await expect(field(dialog, 'Email')).toHaveValue('maria.ivanova@mail.ru');
    await expect(field(dialog, 'Должность')).toHaveValue('Ведущий бухгалтер');
    await expect(field(dialog, 'Компания')).toHaveValue('ООО «Уралсталь»');
    await expect(field(dialog, 'Зарплата')).toHaveValue('120000');
    await expect(field(dialog, 'Дата рождения')).toHaveValue('05.03.1992');
    await expect(dialog.getByText('Опыт работы: 1 место')).toBeVisible();
    await expect(field(dialog, 'Город')).toHaveValue('Екатеринбург');

    // The recruiter corrects what the résumé got wrong before creating.
    await field(dialog, 'Должность').fill('Главный бухгалтер');
    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();

    await expect(page).toHaveURL(/\/applicant\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Иванова Мария Сергеевна' }),
    ).toBeVisible();
    await expect(page.getByText('Главный бухгалтер', { exact: true }).first()).toBeVisible();
    const contacts = cardSection(page, 'Контакты');
    await expect(contacts.getByRole('link', { name: '+7 912 345-67-89' })).toBeVisible();
    await expect(contacts.getByRole('link', { name: 'maria.ivanova@mail.ru' })).toBeVisible();
    await expect(cardSection(page, 'Опыт работы')).toContainText('ООО «Уралсталь»');
    const files = cardSection(page, 'Файлы');
    await expect(files.getByRole('link', { name: fileName, exact: true })).toBeVisible();
    await expect(files.getByText(/^Резюме · /)).toBeVisible();
  });

  test('an hh.ru PDF puts the position, company, city and school in their fields, not among the leftovers', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.token).toBeTruthy();
    const file = path.join(folder, hhPdfBuyer.file);
    await writeFile(file, await resumePdf(hhPdfBuyer.rows));

    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
    await dialog.getByLabel('Загрузить резюме').setInputFiles(file);
    await expect(
      dialog.getByText(`Поля заполнены из «${hhPdfBuyer.file}» — проверьте их перед созданием`),
    ).toBeVisible({ timeout: READING });
    await expect(field(dialog, 'Фамилия')).toHaveValue('Кузнецов');
    await expect(field(dialog, 'Должность')).toHaveValue('Менеджер по закупкам');
    await expect(field(dialog, 'Компания')).toHaveValue('ООО «Ромашка»');
    await expect(field(dialog, 'Город')).toHaveValue('Москва');
    await expect(field(dialog, 'Зарплата')).toHaveValue('150000');
    await expect(dialog.getByText('Опыт работы: 2 места')).toBeVisible();
    await expect(dialog.getByText('Образование: 1 запись')).toBeVisible();
    const leftovers = field(dialog, 'Нераспознанная информация');
    await expect(leftovers).not.toHaveValue(/Проживает: Москва|Плеханова|ООО «Ромашка»/);

    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
    await expect(page).toHaveURL(/\/applicant\/\d+$/);
    const jobs = cardSection(page, 'Опыт работы');
    await expect(jobs).toContainText('Специалист отдела снабжения');
    await expect(jobs).toContainText('АО «Северный ветер»');
    const schools = cardSection(page, 'Образование');
    await expect(
      schools.getByText('Российский экономический университет им. Г.В. Плеханова', { exact: true }),
    ).toBeVisible();
    await expect(schools).toContainText('Коммерции и маркетинга, Коммерция (торговое дело)');
  });

  test('a Word résumé typed by hand splits «company, position» and keeps the duties out of the position', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.token).toBeTruthy();
    const file = path.join(folder, handmadeDocxBuyer.file);
    await writeFile(file, resumeDocxOfRows(handmadeDocxBuyer.rows));

    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
    await dialog.getByLabel('Загрузить резюме').setInputFiles(file);
    await expect(field(dialog, 'Фамилия')).toHaveValue('Петров');
    await expect(field(dialog, 'Должность')).toHaveValue('Менеджер по закупкам');
    await expect(field(dialog, 'Компания')).toHaveValue('ООО «Ромашка»');
    await expect(field(dialog, 'Город')).toHaveValue('Казань');
    await expect(field(dialog, 'Дата рождения')).toHaveValue('12.04.1990');
    await expect(dialog.getByText('Образование: 1 запись')).toBeVisible();
  });
});
