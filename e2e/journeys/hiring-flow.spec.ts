import type { Page } from '@playwright/test';
import { addMember, signInBrowser } from '../fixtures/api.ts';
import { createApplicants } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  columnCount,
  createVacancy,
  dragCard,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';
import { createTemplate } from '../fixtures/vacancy-templates.ts';

// The vacancies issue's "Done when", end to end through the screens: one recruiter's day on a
// vacancy, and what a watcher's home page lets them see.

// Wide enough for the first five stage columns side by side.
test.use({ viewport: { width: 1700, height: 900 } });

/** The funnel on /vacancy/{id} as a table: a stage's cells (reached, now, conv. prev, conv. first, days). */
async function openFunnelTable(page: Page) {
  const funnel = page
    .getByRole('region', { name: 'Статистика' })
    .getByRole('figure', { name: 'Воронка найма' });
  await funnel.getByRole('button', { name: 'Показать таблицей' }).click();
  const table = funnel.getByRole('table');
  return async (stage: string) =>
    (
      await table
        .getByRole('row', { name: new RegExp(`^${stage}`) })
        .getByRole('cell')
        .allInnerTexts()
    ).slice(0, 4);
}

/** A figure of the statistics summary ('Кандидатов на вакансии', 'Отказов', …). */
const summary = (page: Page, term: string) =>
  page
    .getByRole('region', { name: 'Статистика' })
    .getByText(term, { exact: true })
    .locator('xpath=following-sibling::dd');

test.describe('the hiring flow', () => {
  test('a recruiter opens a vacancy from a template, fills it from the list, works the board and sees the funnel follow', async ({
    page,
    request,
    signedIn,
  }) => {
    await createTemplate(request, signedIn.token, {
      name: 'Менеджер по продажам: шаблон',
      position: 'Менеджер по продажам',
      salary_from: 90000,
      salary_to: 140000,
      city: 'Екатеринбург',
      body: '<p>Продаём <strong>оборудование</strong> для складов</p>',
    });
    const [moved, rejected, staying] = (await createApplicants(request, signedIn.token, [
      { last_name: 'Лебедев', first_name: 'Лев', position: 'Менеджер по продажам' },
      { last_name: 'Миронова', first_name: 'Мария', position: 'Менеджер по продажам' },
      { last_name: 'Носков', first_name: 'Никита', position: 'Менеджер по продажам' },
    ])) as [
      { id: number; name: string },
      { id: number; name: string },
      { id: number; name: string },
    ];

    // 1. The vacancy, from the template, through the home page's dialog.
    await page.goto('/');
    await page.getByRole('button', { name: 'Новая вакансия' }).first().click();
    const create = page.getByRole('dialog', { name: 'Новая вакансия' });
    await create
      .getByLabel('Создать из шаблона')
      .selectOption({ label: 'Менеджер по продажам: шаблон' });
    await expect(field(create, 'Должность')).toHaveValue('Менеджер по продажам');
    await expect(field(create, 'Город')).toHaveValue('Екатеринбург');
    await create.getByRole('button', { name: 'Создать вакансию' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Менеджер по продажам' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/vacancy\/\d+$/);
    const vacancyId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(
      page.getByRole('region', { name: 'Описание', exact: true }).locator('strong'),
    ).toHaveText('оборудование');
    await expect(
      page.getByText('На вакансии пока нет кандидатов: воронка появится, когда они будут.'),
    ).toBeVisible();

    // 2. Three applicants onto it at once, from the applicants list.
    await page.goto('/applicants');
    for (const applicant of [moved, rejected, staying]) {
      await page.getByRole('checkbox', { name: `Выбрать: ${applicant.name}` }).check();
    }
    await page
      .getByRole('region', { name: 'Действия с выбранными' })
      .getByRole('button', { name: 'На вакансию' })
      .click();
    const place = page.getByRole('dialog', { name: 'Добавить на вакансию' });
    await expect(place).toContainText('Выбрано: 3 кандидата');
    await field(place, 'Вакансия').selectOption({ label: 'Менеджер по продажам' });
    await place.getByRole('button', { name: 'Добавить' }).click();
    await expect(toast(page, 'Добавлено на вакансию: 3 кандидата')).toBeVisible();
    await expect(place).toBeHidden();

    // 3. The funnel before any move: all three at the first stage, nobody further.
    await page.goto(`/vacancy/${vacancyId}`);
    let cells = await openFunnelTable(page);
    await expect.poll(() => cells('Новый')).toEqual(['3', '3', '—', '100 %']);
    expect(await cells('Первичный контакт')).toEqual(['0', '0', '0 %', '0 %']);
    expect(await cells('Интервью с HR')).toEqual(['0', '0', '—', '0 %']);
    await expect(summary(page, 'Кандидатов на вакансии')).toHaveText('3');
    await expect(summary(page, 'Отказов')).toHaveText('0');

    // 4. The board: one card two stages on with the mouse, another rejected with a reason.
    await page.getByRole('main').getByRole('link', { name: 'Кандидаты', exact: true }).click();
    await expectPath(page, `/vacancy/${vacancyId}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const contact = boardColumn(page, 'Первичный контакт');
    const hr = boardColumn(page, 'Интервью с HR');
    const rejections = boardColumn(page, 'Отказ компании');
    await expect(columnCount(fresh)).toHaveText('3');
    await expect(boardCard(fresh, moved.name)).toBeVisible();

    await dragCard(page, boardCard(fresh, moved.name), hr);
    await expect(boardCard(hr, moved.name)).toBeVisible();
    await expect(columnCount(hr)).toHaveText('1');
    await expect(columnCount(fresh)).toHaveText('2');

    await boardCard(fresh, rejected.name)
      .getByRole('button', { name: `Действия: ${rejected.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Отказать' }).click();
    const reject = page.getByRole('dialog', { name: 'Отказать кандидату' });
    await reject.getByLabel('Не прошёл интервью').check();
    await field(reject, 'Комментарий').fill('Не знает продукт');
    await reject.getByRole('button', { name: 'Отказать' }).click();
    await expect(reject).toBeHidden();
    await expect(boardCard(rejections, rejected.name)).toContainText('Причина: Не прошёл интервью');

    // The counts, also after a reload (the moves are on the server, not only on the screen).
    for (const reload of [false, true]) {
      if (reload) await page.reload();
      await expect(columnCount(fresh)).toHaveText('1');
      await expect(boardCard(fresh, staying.name)).toBeVisible();
      await expect(columnCount(contact)).toHaveText('0');
      await expect(columnCount(hr)).toHaveText('1');
      await expect(columnCount(rejections)).toHaveText('1');
    }

    // 5. The funnel after: the dragged one counts as having passed the stage it skipped, the
    // conversion to it fell from 0 of 3 to 1 of 3, and the rejection is counted by its reason.
    await page.goto(`/vacancy/${vacancyId}`);
    cells = await openFunnelTable(page);
    await expect.poll(() => cells('Первичный контакт')).toEqual(['1', '0', '33,3 %', '33,3 %']);
    expect(await cells('Новый')).toEqual(['3', '1', '—', '100 %']);
    expect(await cells('Интервью с HR')).toEqual(['1', '1', '100 %', '33,3 %']);
    await expect(summary(page, 'Кандидатов на вакансии')).toHaveText('3');
    await expect(summary(page, 'Отказов')).toHaveText('1');
    const reasons = page.getByRole('region', { name: 'Отказы по причинам' });
    await expect(reasons.getByRole('listitem')).toHaveCount(1);
    await expect(reasons.getByRole('listitem')).toHaveText(
      /^Не прошёл интервью\s*·\s*Отказ компании\s*1$/,
    );
  });

  test('a watcher’s home page shows only the vacancy they watch, and the other one is not found', async ({
    page,
    context,
    request,
    account,
  }) => {
    const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
    const watched = await createVacancy(request, account.token, {
      position: 'Оператор колл-центра',
      watchers: [watcher.id],
    });
    const other = await createVacancy(request, account.token, { position: 'Начальник склада' });

    // The admin, for contrast, sees both on the same page.
    await signInBrowser(context, account.token);
    await page.goto('/');
    const all = page.getByRole('region', { name: 'Все вакансии' });
    await expect(all.getByRole('listitem', { name: 'Оператор колл-центра' })).toBeVisible();
    await expect(all.getByRole('listitem', { name: 'Начальник склада' })).toBeVisible();

    await context.clearCookies();
    await signInBrowser(context, watcher.token);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
    const mine = page.getByRole('region', { name: 'Мои вакансии' });
    await expect(mine.getByRole('link', { name: 'Оператор колл-центра' })).toBeVisible();
    await expect(mine.getByRole('listitem')).toHaveCount(1);
    await expect(mine).not.toContainText('Начальник склада');

    await expect(all.getByText('Найдено: 1 вакансия')).toBeVisible();
    await expect(all.getByRole('listitem', { name: 'Оператор колл-центра' })).toBeVisible();
    await expect(all.getByRole('listitem', { name: 'Начальник склада' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Новая вакансия' })).toHaveCount(0);

    await mine.getByRole('link', { name: 'Оператор колл-центра' }).click();
    await expectPath(page, `/vacancy/${watched.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Оператор колл-центра' }),
    ).toBeVisible();

    // The other vacancy, by its address: as if it did not exist.
    await page.goto(`/vacancy/${other.id}`);
    await expect(page.getByRole('heading', { name: 'Вакансия не найдена' })).toBeVisible();
    await expect(page.getByText('Начальник склада')).toHaveCount(0);
    await page.getByRole('link', { name: 'К списку вакансий' }).click();
    await expectPath(page, '/');
  });
});
