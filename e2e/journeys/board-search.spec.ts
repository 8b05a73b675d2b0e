import { createApplicants, createTag, setApplicantTags } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  columnCount,
  createVacancy,
  placeApplicant,
  stageOf,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field, toast } from '../fixtures/ui.ts';

test.use({ viewport: { width: 1700, height: 900 } });

const searchBox = (page: import('@playwright/test').Page) =>
  page.getByRole('searchbox', { name: 'Поиск по доске' });

test.describe('the board’s search, filters and «Добавить кандидата»', () => {
  test('the search box finds by name, phone and e-mail on the server and stays in the URL', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Бухгалтер' });
    const [petrova, orlov, mailed] = await createApplicants(request, signedIn.token, [
      { last_name: 'Петрова', first_name: 'Полина', phone: '+7 (916) 123-45-67' },
      { last_name: 'Орлов', first_name: 'Олег' },
      { last_name: 'Снегирёва', first_name: 'Софья', email: 'sofia.sneg@mail.ru' },
    ]);
    for (const person of [petrova!, orlov!, mailed!]) {
      await placeApplicant(request, signedIn.token, person.id, vacancy.id);
    }
    // The one put on another stage is found there.
    await placeApplicant(
      request,
      signedIn.token,
      (
        await createApplicants(request, signedIn.token, [
          { last_name: 'Петрова', first_name: 'Вера' },
        ])
      )[0]!.id,
      vacancy.id,
      stageOf(vacancy, 'Интервью с HR').id,
    );

    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const hr = boardColumn(page, 'Интервью с HR');
    await expect(columnCount(fresh)).toHaveText('3');

    const searched = page.waitForRequest((r) => /get_applicants\?.*search=/.test(r.url()));
    await searchBox(page).fill('Петрова');
    await searched;
    await expect(boardCard(fresh, petrova!.name)).toBeVisible();
    await expect(boardCard(fresh, orlov!.name)).toHaveCount(0);
    await expect(columnCount(fresh)).toHaveText('1');
    await expect(boardCard(hr, 'Петрова Вера')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Найдено на доске: 2' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=%D0%9F/);

    // A reload (or the link sent to a colleague) shows the same board.
    await page.reload();
    await expect(searchBox(page)).toHaveValue('Петрова');
    await expect(columnCount(fresh)).toHaveText('1');

    await searchBox(page).fill('8 916 123');
    await expect(columnCount(fresh)).toHaveText('1');
    await expect(boardCard(fresh, petrova!.name)).toBeVisible();
    await expect(columnCount(hr)).toHaveText('0');

    await searchBox(page).fill('mail.ru');
    await expect(boardCard(fresh, mailed!.name)).toBeVisible();
    await expect(columnCount(fresh)).toHaveText('1');

    await searchBox(page).fill('');
    await expect(columnCount(fresh)).toHaveText('3');
    await expect(columnCount(hr)).toHaveText('1');
  });

  test('filters by tag and by who added, and «Сбросить» brings everyone back', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Кладовщик' });
    const [tagged, plain] = await createApplicants(request, signedIn.token, [
      { last_name: 'Тегова', first_name: 'Тамара' },
      { last_name: 'Простов', first_name: 'Павел' },
    ]);
    const tag = await createTag(request, signedIn.token, 'Резерв');
    await setApplicantTags(request, signedIn.token, tagged!.id, [tag.id]);
    for (const person of [tagged!, plain!]) {
      await placeApplicant(request, signedIn.token, person.id, vacancy.id);
    }

    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    await expect(columnCount(fresh)).toHaveText('2');
    await page.getByRole('button', { name: 'Фильтры' }).click();
    const filters = page.getByRole('group', { name: 'Фильтры доски' });
    await field(filters, 'Тег').selectOption({ label: 'Резерв' });
    await expect(columnCount(fresh)).toHaveText('1');
    await expect(boardCard(fresh, tagged!.name)).toBeVisible();
    await expect(boardCard(fresh, plain!.name)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Фильтры: 1' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page).toHaveURL(new RegExp(`[?&]tag=${tag.id}`));

    await field(filters, 'Тег').selectOption({ label: 'Любой' });
    await field(filters, 'Кто добавил').selectOption({ label: signedIn.name });
    await expect(columnCount(fresh)).toHaveText('2');
    // Nobody was added tomorrow.
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await field(filters, 'Добавлен с').fill(tomorrow);
    await expect(columnCount(fresh)).toHaveText('0');

    await filters.getByRole('button', { name: 'Сбросить' }).click();
    await expect(columnCount(fresh)).toHaveText('2');
    await expect(page).not.toHaveURL(/added_from|added_by/);
  });

  test('«Добавить кандидата» creates a new one on a chosen stage, or adds one of the base', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Курьер' });
    const [known] = await createApplicants(request, signedIn.token, [
      { last_name: 'Базова', first_name: 'Белла', position: 'Курьер' },
    ]);
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const contact = boardColumn(page, 'Первичный контакт');
    const fresh = boardColumn(page, 'Новый');
    await expect(columnCount(fresh)).toHaveText('0');

    // A new applicant, straight onto «Первичный контакт».
    await page.getByRole('button', { name: 'Добавить кандидата' }).click();
    let dialog = page.getByRole('dialog', { name: 'Добавить кандидата' });
    await expect(dialog.getByLabel('Новый кандидат')).toBeChecked();
    await field(dialog, 'Этап').selectOption({ label: 'Первичный контакт' });
    await field(dialog, 'Фамилия').fill('Новикова');
    await field(dialog, 'Имя').fill('Нина');
    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Кандидат создан и добавлен на вакансию')).toBeVisible();
    await expect(boardCard(contact, 'Новикова Нина')).toBeVisible();
    await expect(columnCount(contact)).toHaveText('1');
    await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancy.id}/candidates$`));

    // One of the base, found by the base's search, onto the first stage.
    await page.getByRole('button', { name: 'Добавить кандидата' }).click();
    dialog = page.getByRole('dialog', { name: 'Добавить кандидата' });
    await dialog.getByLabel('Из базы').check();
    await expect(field(dialog, 'Этап')).toHaveValue(String(stageOf(vacancy, 'Новый').id));
    await field(dialog, 'Найти в базе').fill('Базова');
    await dialog.getByRole('button', { name: `Добавить: ${known!.name}` }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Кандидат добавлен на вакансию')).toBeVisible();
    await expect(boardCard(fresh, known!.name)).toBeVisible();

    // It is all on the server.
    await page.reload();
    await expect(boardCard(contact, 'Новикова Нина')).toBeVisible();
    await expect(boardCard(fresh, known!.name)).toBeVisible();
  });

  test('the toolbar fits a 360 px screen and is reachable by keyboard', async ({
    page,
    request,
    signedIn,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Водитель' });
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const toolbar = page.getByRole('search', { name: 'Поиск и фильтры доски' });
    await expect(toolbar).toBeVisible();
    for (const control of [
      searchBox(page),
      page.getByRole('button', { name: 'Фильтры' }),
      page.getByRole('button', { name: 'Добавить кандидата' }),
    ]) {
      const box = await control.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    await searchBox(page).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Фильтры' })).toBeFocused();
    await page.keyboard.press('Enter');
    const filters = page.getByRole('group', { name: 'Фильтры доски' });
    await expect(filters).toBeVisible();
    const box = await filters.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });
});
