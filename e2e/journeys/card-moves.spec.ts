import type { Page } from '@playwright/test';
import { cardSection, createApplicant, createApplicants } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  columnCount,
  createVacancy,
  moveApplication,
  placeApplicant,
  stageOf,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field, toast } from '../fixtures/ui.ts';

// Issue 20, item 4: the card moves the applicant on each of their vacancies, and the board opens
// a card in a side panel over itself.

test.use({ viewport: { width: 1700, height: 900 } });

/** The board of the vacancy, once its live stream is open. */
async function openLiveBoard(page: Page, vacancyId: number) {
  const stream = page.waitForRequest(
    (r) => new URL(r.url()).pathname === `/api/vacancies/${vacancyId}/events`,
  );
  await page.goto(`/vacancy/${vacancyId}/candidates`);
  await stream;
}

/** The card's row of one vacancy in «Вакансии и этапы». */
const vacancyRow = (page: Page, vacancy: string) =>
  cardSection(page, 'Вакансии и этапы')
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: vacancy, exact: true }) });

/** The stage (and rejection reason) the card shows for one vacancy. */
const stageOn = (page: Page, vacancy: string) =>
  vacancyRow(page, vacancy).getByTestId('application-stage');

/** The moves offered on the card for one vacancy. */
const actionsOn = (page: Page, vacancy: string) =>
  page.getByRole('group', { name: `Действия на вакансии «${vacancy}»` });

test('from the card: next stage, a rejection with a reason, a second vacancy — on the card and on the live board', async ({
  page,
  context,
  request,
  signedIn,
}) => {
  // Three changes, each checked on the card and on a second tab's board.
  test.slow();
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Бухгалтер' });
  const second = await createVacancy(request, signedIn.token, { position: 'Кладовщик' });
  const person = await createApplicant(request, signedIn.token, {
    last_name: 'Жукова',
    first_name: 'Жанна',
  });
  await placeApplicant(request, signedIn.token, person.id, vacancy.id);

  // A colleague's board, open in another tab, follows what the card does.
  const board = await context.newPage();
  await openLiveBoard(board, vacancy.id);
  await expect(boardCard(boardColumn(board, 'Новый'), person.name)).toBeVisible();

  await page.goto(`/applicant/${person.id}`);
  const section = cardSection(page, 'Вакансии и этапы');
  const stage = stageOn(page, 'Бухгалтер');
  await expect(stage).toContainText('Новый');
  const actions = actionsOn(page, 'Бухгалтер');

  // The next stage is offered first.
  await expect(field(actions, 'Новый этап')).toHaveValue(
    String(vacancy.statuses.find((s) => s.name === 'Первичный контакт')!.id),
  );
  await actions.getByRole('button', { name: 'Перевести' }).click();
  await expect(toast(page, 'Этап изменён')).toBeVisible();
  await expect(stage).toContainText('Первичный контакт');
  await expect(cardSection(page, 'История изменений')).toContainText('Первичный контакт');
  await expect(boardCard(boardColumn(board, 'Первичный контакт'), person.name)).toBeVisible();
  await expect(columnCount(boardColumn(board, 'Новый'))).toHaveText('0');

  // Rejection with one of the account's reasons, the board's dialog.
  await actions.getByRole('button', { name: 'Отказать' }).click();
  const dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
  await expect(dialog).toContainText(person.name);
  await dialog.getByRole('button', { name: 'Отказать' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Выберите причину');
  await dialog.getByLabel('Не прошёл интервью').check();
  await field(dialog, 'Комментарий').fill('Не знает 1С');
  await dialog.getByRole('button', { name: 'Отказать' }).click();
  await expect(dialog).toBeHidden();
  await expect(stage).toContainText('Отказ компании');
  await expect(stage).toContainText('(Не прошёл интервью)');
  await expect(cardSection(page, 'История изменений')).toContainText(
    'отказал(а) по вакансии «Бухгалтер»: причина «Не прошёл интервью»',
  );
  // Once rejected, no second rejection is offered; a return to a working stage is.
  await expect(actions.getByRole('button', { name: 'Отказать' })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Перевести' })).toBeVisible();
  const rejections = boardColumn(board, 'Отказ компании');
  await expect(boardCard(rejections, person.name)).toContainText('Причина: Не прошёл интервью');

  // On a second vacancy.
  await section.getByRole('button', { name: 'Добавить на вакансию' }).click();
  const place = page.getByRole('dialog', { name: 'Добавить на вакансию' });
  await field(place, 'Вакансия').selectOption({ label: 'Кладовщик' });
  await place.getByRole('button', { name: 'Добавить' }).click();
  await expect(place).toBeHidden();
  await expect(stageOn(page, 'Кладовщик')).toContainText('Новый');
  await expect(
    actionsOn(page, 'Кладовщик').getByRole('button', { name: 'Перевести' }),
  ).toBeVisible();
  await board.goto(`/vacancy/${second.id}/candidates`);
  await expect(boardCard(boardColumn(board, 'Новый'), person.name)).toBeVisible();

  // All of it is on the server.
  await page.reload();
  await expect(stageOn(page, 'Бухгалтер')).toContainText('Отказ компании');
  await expect(stageOn(page, 'Кладовщик')).toContainText('Новый');
});

test('the board opens a card in a side panel, J/K go through the column, Escape returns to the board', async ({
  page,
  request,
  signedIn,
}) => {
  test.slow();
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Кассир' });
  const people = await createApplicants(request, signedIn.token, [
    { last_name: 'Зайцева', first_name: 'Зоя' },
    { last_name: 'Игнатов', first_name: 'Илья' },
    { last_name: 'Киселёва', first_name: 'Ксения' },
  ]);
  const applications = new Map<string, number>();
  for (const person of people) {
    const placed = await placeApplicant(request, signedIn.token, person.id, vacancy.id);
    applications.set(person.name, placed.id);
  }
  const idOf = (name: string) => people.find((p) => p.name === name)!.id;

  await openLiveBoard(page, vacancy.id);
  const fresh = boardColumn(page, 'Новый');
  await expect(fresh.getByRole('article')).toHaveCount(3);
  const order = await fresh
    .getByRole('article')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')!));
  const [first, middle, last] = order as [string, string, string];

  await boardCard(fresh, first).getByRole('link', { name: first }).click();
  const panel = page.getByRole('dialog', { name: `Карточка: ${first}` });
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(first);
  await expect(page).toHaveURL(
    new RegExp(`/vacancy/${vacancy.id}/candidates\\?applicant=${idOf(first)}$`),
  );
  await expect(panel.getByRole('link', { name: 'Все кандидаты' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Предыдущий кандидат' })).toBeDisabled();

  // J: the next applicant of the column; the address follows, so a reload reopens it.
  await page.keyboard.press('j');
  const second = page.getByRole('dialog', { name: `Карточка: ${middle}` });
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(middle);
  await expect(page).toHaveURL(new RegExp(`\\?applicant=${idOf(middle)}$`));
  await expect(second).toContainText('2 из 3');
  await expect(page).toHaveTitle(`${middle} — ATS`);
  await page.reload();
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(middle);

  await second.getByRole('button', { name: 'Следующий кандидат' }).click();
  const third = page.getByRole('dialog', { name: `Карточка: ${last}` });
  await expect(third.getByRole('heading', { level: 1 })).toHaveText(last);
  await expect(third.getByRole('button', { name: 'Следующий кандидат' })).toBeDisabled();
  await third.focus();
  await page.keyboard.press('k');
  await expect(second.getByRole('heading', { level: 1 })).toHaveText(middle);

  // A move from the panel: the board behind it follows.
  await actionsOn(page, 'Кассир').getByRole('button', { name: 'Перевести' }).click();
  await expect(stageOn(page, 'Кассир')).toContainText('Первичный контакт');
  // A colleague's move arrives in the open card through the board's live stream.
  await moveApplication(
    request,
    signedIn.token,
    applications.get(middle)!,
    stageOf(vacancy, 'Интервью с HR').id,
  );
  await expect(stageOn(page, 'Кассир')).toContainText('Интервью с HR');

  // Escape: back to the board, not to «Все кандидаты».
  await second.focus();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancy.id}/candidates$`));
  await expect(page).toHaveTitle('Кандидаты: Кассир — ATS');
  await expect(boardCard(boardColumn(page, 'Интервью с HR'), middle)).toBeVisible();
  await expect(columnCount(fresh)).toHaveText('2');
});

test('the panel fits a phone, and Escape in the reason dialog closes only the dialog', async ({
  page,
  request,
  signedIn,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const vacancy = await createVacancy(request, signedIn.token, { position: 'Официант' });
  const person = await createApplicant(request, signedIn.token, {
    last_name: 'Ломоносова-Переславская',
    first_name: 'Лилиана',
  });
  await placeApplicant(request, signedIn.token, person.id, vacancy.id);

  await page.goto(`/vacancy/${vacancy.id}/candidates?applicant=${person.id}`);
  const panel = page.getByRole('dialog', { name: `Карточка: ${person.name}` });
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(person.name);
  const actions = actionsOn(page, 'Официант');
  await expect(actions.getByRole('button', { name: 'Перевести' })).toBeVisible();
  const overflow = await panel.evaluate((el) => {
    const content = el.lastElementChild as HTMLElement;
    return {
      panel: el.scrollWidth - el.clientWidth,
      content: content.scrollWidth - content.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
  expect(overflow).toEqual({ panel: 0, content: 0, page: 0 });

  await actions.getByRole('button', { name: 'Кандидат отказался' }).click();
  const dialog = page.getByRole('dialog', { name: 'Кандидат отказался' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancy.id}/candidates$`));
});
