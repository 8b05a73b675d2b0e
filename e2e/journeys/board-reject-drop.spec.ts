import type { Locator, Page } from '@playwright/test';
import { createApplicants } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  columnCount,
  createVacancy,
  dragAnnouncement,
  dragCard,
  liftCard,
  placeApplicant,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field } from '../fixtures/ui.ts';

const STAGES_AFTER_NEW = [
  'Первичный контакт',
  'Интервью с HR',
  'Интервью с заказчиком',
  'Оффер',
  'Вышел на работу',
  'Отказ компании',
  'Отказ кандидата',
];

/** → from «Новый» to the last column, one stage at a time, each announced. */
async function walkRight(page: Page, announced: Locator) {
  for (const stage of STAGES_AFTER_NEW) {
    await page.keyboard.press('ArrowRight');
    await expect(announced).toHaveText(`Над этапом «${stage}».`);
  }
}

// Every stage column of the default funnel side by side, the two rejection stages included.
test.use({ viewport: { width: 2300, height: 900 } });

test.describe('a card dropped on a rejection column', () => {
  test('by the mouse asks for the reason; cancel puts it back, confirm rejects', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Логист' });
    const [person] = await createApplicants(request, signedIn.token, [
      { last_name: 'Дроздова', first_name: 'Дарья' },
    ]);
    await placeApplicant(request, signedIn.token, person!.id, vacancy.id);
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const rejections = boardColumn(page, 'Отказ компании');
    await expect(columnCount(fresh)).toHaveText('1');

    // The drop opens the reason dialog of the column's kind; «Отмена» leaves the card.
    await dragCard(page, boardCard(fresh, person!.name), rejections);
    let dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(person!.name);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
    await expect(boardCard(fresh, person!.name)).toBeVisible();
    await expect(columnCount(rejections)).toHaveText('0');

    // Again, and confirmed with a reason: the card lands in that column with the reason.
    await dragCard(page, boardCard(fresh, person!.name), rejections);
    dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
    await dialog.getByLabel('Не прошёл интервью').check();
    await field(dialog, 'Комментарий').fill('Нет опыта с ВЭД');
    await dialog.getByRole('button', { name: 'Отказать' }).click();
    await expect(dialog).toBeHidden();
    await expect(boardCard(rejections, person!.name)).toContainText('Причина: Не прошёл интервью');
    await expect(columnCount(rejections)).toHaveText('1');
    await expect(columnCount(fresh)).toHaveText('0');

    await page.reload();
    await expect(boardCard(rejections, person!.name)).toBeVisible();
  });

  test('by the keyboard asks for the reason; Escape puts it back, confirm records a refusal', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Экспедитор' });
    const [person] = await createApplicants(request, signedIn.token, [
      { last_name: 'Клавишин', first_name: 'Кирилл' },
    ]);
    await placeApplicant(request, signedIn.token, person!.id, vacancy.id);
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const refusals = boardColumn(page, 'Отказ кандидата');
    const handle = boardCard(fresh, person!.name).getByRole('button', {
      name: `Переместить: ${person!.name}`,
    });
    const announced = dragAnnouncement(page);

    // Space lifts, → walks the stages up to the refusals, Space drops there.
    await liftCard(page, handle);
    await expect(announced).toHaveText('Над этапом «Новый».');
    await walkRight(page, announced);
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(
      `Карточка ${person!.name}: выберите причину для этапа «Отказ кандидата».`,
    );
    let dialog = page.getByRole('dialog', { name: 'Кандидат отказался' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(boardCard(fresh, person!.name)).toBeVisible();
    await expect(columnCount(refusals)).toHaveText('0');

    await liftCard(page, handle);
    await expect(announced).toHaveText('Над этапом «Новый».');
    await walkRight(page, announced);
    await page.keyboard.press('Space');
    dialog = page.getByRole('dialog', { name: 'Кандидат отказался' });
    await dialog.getByLabel('Не устроила зарплата').check();
    await dialog.getByRole('button', { name: 'Отметить отказ' }).click();
    await expect(dialog).toBeHidden();
    await expect(boardCard(refusals, person!.name)).toContainText('Причина: Не устроила зарплата');

    await page.reload();
    await expect(boardCard(refusals, person!.name)).toBeVisible();
    await expect(columnCount(fresh)).toHaveText('0');
  });
});
