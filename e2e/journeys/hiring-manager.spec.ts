import type { Page } from '@playwright/test';
import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { applicantRow, cardSection, createApplicant, minimalPdf } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  columnCount,
  createVacancy,
  dragAnnouncement,
  liftCard,
  placeApplicant,
  stageOf,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';

// Issue 20, item 1: the hiring manager (a watcher) opens the applicants of the vacancy they
// watch — résumé, files, the vacancy's history — evaluates, comments and moves within their
// stage rights, and is refused any applicant outside their vacancies (404).

/** Every answer of /api the page got with a status of 400 or more, as «METHOD path status». */
function failedCalls(page: Page) {
  const failed: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      failed.push(`${response.request().method()} ${url.pathname} ${response.status()}`);
    }
  });
  return failed;
}

test('a hiring manager opens a candidate of their vacancy, evaluates, moves within their rights and never sees anyone else', async ({
  page,
  request,
  account,
}) => {
  // The whole working day of a hiring manager in one journey: more than the default minute.
  test.slow();
  const manager = await addMember(request, account, { member_type: 'watcher', is_admin: false });
  const watched = await createVacancy(request, account.token, {
    position: 'Юрист',
    watchers: [manager.id],
  });
  const other = await createVacancy(request, account.token, { position: 'Бухгалтер' });
  const candidate = await createApplicant(request, account.token, {
    last_name: 'Смирнова',
    first_name: 'Инна',
    position: 'Юрисконсульт',
    about_me: 'Восемь лет в договорной работе',
  });
  const outsider = await createApplicant(request, account.token, {
    last_name: 'Чужой',
    first_name: 'Олег',
  });
  const application = await placeApplicant(request, account.token, candidate.id, watched.id);
  await placeApplicant(request, account.token, candidate.id, other.id);
  await placeApplicant(request, account.token, outsider.id, other.id);
  const resume = await request.post(`${APP_URL}/api/applicants/${candidate.id}/files`, {
    headers: { [AUTH_HEADER]: account.token },
    multipart: {
      kind: 'resume',
      file: { name: 'Резюме Смирновой.pdf', mimeType: 'application/pdf', buffer: minimalPdf() },
    },
  });
  expect(resume.status(), await resume.text()).toBe(200);
  // The manager may move between the first two stages of their vacancy, and nowhere else.
  const fresh = stageOf(watched, 'Новый');
  const contact = stageOf(watched, 'Первичный контакт');
  for (const stage of [fresh, contact]) {
    const granted = await request.patch(`${APP_URL}/api/statuses/${stage.id}`, {
      headers: { [AUTH_HEADER]: account.token },
      data: { admin_user_statuses: [{ admin_user_id: manager.id, is_read: true, is_write: true }] },
    });
    expect(granted.status(), await granted.text()).toBe(200);
  }
  const form = await request.post(`${APP_URL}/api/evaluations`, {
    headers: { [AUTH_HEADER]: account.token },
    data: {
      name: 'Встреча с заказчиком',
      criterions: [{ name: 'Впечатление', criterion_type: 'text' }],
    },
  });
  expect(form.status(), await form.text()).toBe(200);

  // Log in as the hiring manager.
  await page.goto('/auth/login');
  await field(page, 'Email').fill(manager.email);
  await field(page, 'Пароль').fill(manager.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expectPath(page, '/');
  const failed = failedCalls(page);

  // The watched vacancy's board, then the candidate's card.
  await page.goto(`/vacancy/${watched.id}/candidates`);
  const card = boardCard(boardColumn(page, 'Новый'), candidate.name);
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: candidate.name }).click();
  // The board opens the card in its side panel; the whole card is at its own address too.
  const panel = page.getByRole('dialog', { name: `Карточка: ${candidate.name}` });
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(candidate.name);
  await expect(page.getByText('Заказчику недоступна база кандидатов')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await page.goto(`/applicant/${candidate.id}`);
  await expect(page.getByRole('heading', { level: 1, name: candidate.name })).toBeVisible();

  // The résumé: what it says, and its file, which downloads.
  await expect(page.getByText('Юрисконсульт').first()).toBeVisible();
  await expect(page.getByText('Восемь лет в договорной работе')).toBeVisible();
  const files = cardSection(page, 'Файлы');
  const download = page.waitForEvent('download');
  await files.getByRole('link', { name: 'Резюме Смирновой.pdf', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Резюме Смирновой.pdf');
  // Only the watched vacancy, with its history; nothing to edit in the applicant itself.
  const vacancies = cardSection(page, 'Вакансии и этапы');
  await expect(vacancies.getByRole('link', { name: 'Юрист' })).toBeVisible();
  await expect(vacancies.getByRole('link', { name: 'Бухгалтер' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Изменить/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Загрузить файл' })).toHaveCount(0);

  // Evaluates.
  const evaluations = page.getByRole('region', { name: 'Оценки' });
  await evaluations.getByRole('button', { name: 'Оценить' }).click();
  await evaluations
    .getByRole('textbox', { name: 'Впечатление', exact: true })
    .fill('Сильный юрист, берём на финал');
  await evaluations.getByRole('radio', { name: 'Рекомендую', exact: true }).click();
  await evaluations.getByRole('button', { name: 'Отправить оценку' }).click();
  await expect(toast(page, 'Оценка сохранена')).toBeVisible();
  await expect(evaluations).toContainText('Сильный юрист, берём на финал');

  // Comments.
  const comments = cardSection(page, 'Комментарии');
  await field(comments, 'Новый комментарий').fill('Готов встретиться в пятницу');
  await comments.getByRole('button', { name: 'Добавить' }).click();
  await expect(comments).toContainText('Готов встретиться в пятницу');

  // Moves on the board, from «Новый» to «Первичный контакт», where they may write.
  await page.goto(`/vacancy/${watched.id}/candidates`);
  const announced = dragAnnouncement(page);
  await liftCard(
    page,
    boardCard(boardColumn(page, 'Новый'), candidate.name).getByRole('button', {
      name: `Переместить: ${candidate.name}`,
    }),
  );
  await expect(announced).toHaveText('Над этапом «Новый».');
  await page.keyboard.press('ArrowRight');
  await expect(announced).toHaveText('Над этапом «Первичный контакт».');
  await page.keyboard.press('Space');
  await expect(boardCard(boardColumn(page, 'Первичный контакт'), candidate.name)).toBeVisible();
  await expect(columnCount(boardColumn(page, 'Первичный контакт'))).toHaveText('1');
  // No further: the next stage is not theirs to write.
  await expect(
    boardCard(boardColumn(page, 'Первичный контакт'), candidate.name).getByRole('button', {
      name: `Переместить: ${candidate.name}`,
    }),
  ).toBeVisible();
  const beyond = await request.post(`${APP_URL}/api/applications/${application.id}/move`, {
    headers: { [AUTH_HEADER]: manager.token },
    data: { status_id: stageOf(watched, 'Интервью с HR').id },
  });
  expect(beyond.status()).toBe(403);
  expect((await beyond.json()).message).toBe('Нет прав на перевод кандидатов на этом этапе');

  // Not a single refused call on the way, and no error toast.
  expect(failed).toEqual([]);

  // Anyone outside their vacancies: not found, in the browser and through the API.
  await page.goto(`/applicant/${outsider.id}`);
  await expect(page.getByText('Кандидат не найден')).toBeVisible();
  await expect(page.getByText(outsider.name)).toHaveCount(0);
  const refused = await request.get(`${APP_URL}/api/applicants/${outsider.id}`, {
    headers: { [AUTH_HEADER]: manager.token },
  });
  expect(refused.status()).toBe(404);
  expect((await refused.json()).message).toBe('Кандидат не найден');
});

test('a hiring manager who is an admin lists the applicants of the vacancies they watch, nobody else', async ({
  page,
  context,
  request,
  account,
}) => {
  const manager = await addMember(request, account, { member_type: 'watcher', is_admin: true });
  const watched = await createVacancy(request, account.token, {
    position: 'Инженер',
    watchers: [manager.id],
  });
  const other = await createVacancy(request, account.token, { position: 'Кладовщик' });
  const mine = await createApplicant(request, account.token, {
    last_name: 'Наш',
    first_name: 'Пётр',
  });
  const theirs = await createApplicant(request, account.token, {
    last_name: 'Другой',
    first_name: 'Семён',
  });
  const nobodys = await createApplicant(request, account.token, {
    last_name: 'Ничей',
    first_name: 'Игорь',
  });
  await placeApplicant(request, account.token, mine.id, watched.id);
  await placeApplicant(request, account.token, theirs.id, other.id);

  await signInBrowser(context, manager.token);
  const failed = failedCalls(page);
  await page.goto('/applicants/list');
  await expect(applicantRow(page, mine.name)).toBeVisible();
  await expect(page.getByText(theirs.name)).toHaveCount(0);
  await expect(page.getByText(nobodys.name)).toHaveCount(0);
  // The base's tools are the recruiters'.
  await expect(page.getByRole('button', { name: 'Добавить кандидата' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Экспорт в Excel' })).toHaveCount(0);

  await applicantRow(page, mine.name).getByRole('link', { name: mine.name, exact: true }).click();
  await expectPath(page, `/applicant/${mine.id}`);
  await expect(page.getByRole('heading', { level: 1, name: mine.name })).toBeVisible();
  expect(failed).toEqual([]);
});
