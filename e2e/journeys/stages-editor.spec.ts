import type { Locator, Page } from '@playwright/test';
import { APP_URL } from '../harness/ports.ts';
import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { createApplicants } from '../fixtures/applicants.ts';
import { boardColumn, createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';

// Item 3 of issue 20: funnels and a vacancy's own stages are edited in the interface, from the
// settings and from the vacancy, by those with the right to manage stages only.

const stageList = (scope: Page | Locator, name: string) =>
  scope.getByRole('list', { name, exact: true });

const stageNames = (list: Locator) => list.getByTestId('stage-name');

const stageRow = (list: Locator, name: string) => list.getByRole('listitem', { name, exact: true });

/** Adds a stage through the «Новый этап» dialog. */
async function addStage(page: Page, scope: Locator, name: string) {
  await scope.getByRole('button', { name: 'Добавить этап' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый этап' });
  await field(dialog, 'Название этапа').fill(name);
  await dialog.getByRole('button', { name: 'Добавить этап' }).click();
  await expect(dialog).toBeHidden();
}

/** Drags a stage by its handle onto another row, in small steps as a hand would. */
async function dragStage(page: Page, list: Locator, from: string, onto: string) {
  const handle = list.getByRole('button', { name: `Перетащить «${from}»` });
  const source = await handle.boundingBox();
  const target = await stageRow(list, onto).boundingBox();
  if (!source || !target) throw new Error('The stage or its target is not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2 - 10, {
    steps: 3,
  });
  await page.mouse.move(source.x + source.width / 2, target.y + target.height / 4, { steps: 12 });
  await page.mouse.up();
}

test.describe('the funnel and stage editor', () => {
  test('an admin builds a funnel in settings, starts a vacancy from it and edits its stages', async ({
    page,
    request,
    signedIn,
  }) => {
    // A long journey on a shared machine: settings, a vacancy, its page and its board.
    test.setTimeout(240_000);
    await page.goto('/settings');
    await page.getByRole('link', { name: /Воронки и этапы/ }).click();
    await expectPath(page, '/settings/funnels');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Настройки — Воронки и этапы' }),
    ).toBeVisible();

    // A funnel with three stages.
    await field(page.getByRole('form', { name: 'Новая воронка' }), 'Новая воронка').fill('Продажи');
    await page.getByRole('button', { name: 'Создать воронку' }).click();
    await expect(toast(page, 'Воронка создана')).toBeVisible();
    const funnel = page.getByRole('region', { name: 'Продажи', exact: true });
    await expect(funnel.getByText('Этапов пока нет.')).toBeVisible();
    for (const name of ['Звонок', 'Тестовое', 'Встреча']) await addStage(page, funnel, name);
    const stages = stageList(funnel, 'Этапы воронки «Продажи»');
    await expect(stageNames(stages)).toHaveText(['Звонок', 'Тестовое', 'Встреча']);

    // Reordered by drag: «Встреча» first; the order is saved.
    await dragStage(page, stages, 'Встреча', 'Звонок');
    await expect(toast(page, 'Порядок этапов сохранён')).toBeVisible();
    await expect(stageNames(stages)).toHaveText(['Встреча', 'Звонок', 'Тестовое']);
    // And by keyboard: «Тестовое» one place up with the focused button and Enter.
    await stages.getByRole('button', { name: 'Поднять «Тестовое»' }).focus();
    await page.keyboard.press('Enter');
    await expect(stageNames(stages)).toHaveText(['Встреча', 'Тестовое', 'Звонок']);
    await page.reload();
    await expect(stageNames(stages)).toHaveText(['Встреча', 'Тестовое', 'Звонок']);

    // Colour and the maximum days on a stage.
    await stages.getByRole('button', { name: 'Изменить этап «Встреча»' }).click();
    const edit = page.getByRole('dialog', { name: 'Этап «Встреча»' });
    await field(edit, 'Цвет').fill('#dc2626');
    await field(edit, 'Максимум дней на этапе').fill('4');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect(edit).toBeHidden();
    const meeting = stageRow(stages, 'Встреча');
    await expect(meeting.getByTestId('stage-facts')).toHaveText('срок 4 дня');
    await expect(meeting.getByTestId('stage-color')).toHaveAttribute('data-color', '#dc2626');

    // A vacancy from the funnel gets its stages in that order.
    await page.goto('/');
    await page.getByRole('button', { name: 'Новая вакансия' }).first().click();
    const create = page.getByRole('dialog', { name: 'Новая вакансия' });
    await field(create, 'Должность').fill('Менеджер по продажам');
    await create.getByLabel('Воронка').selectOption({ label: 'Продажи' });
    await create.getByRole('button', { name: 'Создать вакансию' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Менеджер по продажам' }),
    ).toBeVisible();
    const vacancyId = Number(/\/vacancy\/(\d+)$/.exec(page.url())?.[1]);
    const section = page.getByRole('region', { name: 'Этапы вакансии' });
    const own = stageList(section, 'Этапы вакансии');
    await expect(stageNames(own)).toHaveText(['Встреча', 'Тестовое', 'Звонок']);

    // Rename one, add one, make the new one a rejection stage.
    await own.getByRole('button', { name: 'Изменить этап «Тестовое»' }).click();
    const rename = page.getByRole('dialog', { name: 'Этап «Тестовое»' });
    await field(rename, 'Название этапа').fill('Тестовое задание');
    await rename.getByRole('button', { name: 'Сохранить' }).click();
    await expect(toast(page, 'Этап сохранён')).toBeVisible();
    await addStage(page, section, 'Не подошёл');
    await own.getByRole('button', { name: 'Изменить этап «Не подошёл»' }).click();
    const reject = page.getByRole('dialog', { name: 'Этап «Не подошёл»' });
    await reject.getByLabel('Этап отказа').selectOption({ label: 'Да, отказ компании' });
    await reject.getByRole('button', { name: 'Сохранить' }).click();
    await expect(reject).toBeHidden();
    await expect(stageNames(own)).toHaveText([
      'Встреча',
      'Тестовое задание',
      'Звонок',
      'Не подошёл',
    ]);
    await expect(stageRow(own, 'Не подошёл').getByTestId('stage-facts')).toContainText(
      'Отказ компании',
    );
    // The funnel itself is untouched.
    await page.goto('/settings/funnels');
    await expect(stageNames(stageList(page, 'Этапы воронки «Продажи»'))).toHaveText([
      'Встреча',
      'Тестовое',
      'Звонок',
    ]);

    // A stage that holds an applicant is not deleted, in plain words.
    const [applicant] = await createApplicants(request, signedIn.token, [
      { first_name: 'Ирина', last_name: 'Лебедева' },
    ]);
    const vacancyStages = (await (
      await request.get(`${APP_URL}/api/statuses?vacancy_id=${vacancyId}`, {
        headers: { [AUTH_HEADER]: signedIn.token },
      })
    ).json()) as { message: { id: number; name: string }[] };
    const call = vacancyStages.message.find((s) => s.name === 'Звонок')!;
    await placeApplicant(request, signedIn.token, applicant!.id, vacancyId, call.id);
    await page.goto(`/vacancy/${vacancyId}`);
    await own.getByRole('button', { name: 'Удалить этап «Звонок»' }).click();
    const refused = page.getByRole('dialog', { name: 'Этап «Звонок» нельзя удалить' });
    await expect(refused).toContainText(
      'На этапе «Звонок» 1 кандидат. Переведите их на другой этап, затем удалите этап.',
    );
    await refused.getByRole('button', { name: 'Понятно' }).click();
    // An empty one is, after a question.
    await own.getByRole('button', { name: 'Удалить этап «Встреча»' }).click();
    await page
      .getByRole('dialog', { name: 'Удалить этап «Встреча»?' })
      .getByRole('button', { name: 'Удалить этап' })
      .click();
    await expect(toast(page, 'Этап удалён')).toBeVisible();
    await expect(stageNames(own)).toHaveText(['Тестовое задание', 'Звонок', 'Не подошёл']);

    // The board shows the vacancy's stages as they are now.
    await page.getByRole('main').getByRole('link', { name: 'Кандидаты' }).click();
    await expectPath(page, `/vacancy/${vacancyId}/candidates`);
    await expect(boardColumn(page, 'Тестовое задание')).toBeVisible();
    await expect(boardColumn(page, 'Звонок')).toBeVisible();
    await expect(boardColumn(page, 'Встреча')).toHaveCount(0);
  });

  test('a recruiter without the right to manage stages sees the stages but no controls', async ({
    page,
    context,
    request,
    account,
  }) => {
    const recruiter = await addMember(request, account, { member_type: 'owner', is_admin: false });
    // «Управлять этапами» off in the rights editor (new recruiters have it on).
    const revoked = await request.patch(`${APP_URL}/api/users/${recruiter.id}`, {
      headers: { [AUTH_HEADER]: account.token },
      data: {
        admin_user: { admin_user_setting: { permissions_actions: { can_manage_status: false } } },
      },
    });
    expect(revoked.status()).toBe(200);
    const vacancy = await createVacancy(request, account.token, {
      position: 'Кладовщик',
      owners: [recruiter.id],
    });
    await signInBrowser(context, recruiter.token);

    await page.goto('/settings/funnels');
    await expect(page.getByRole('note')).toHaveText(
      'Изменять воронки и этапы может администратор или рекрутер с правом «Управлять этапами».',
    );
    const funnel = page.getByRole('region', { name: 'Основная воронка' });
    await expect(stageNames(funnel).first()).toHaveText('Новый');
    await expect(page.getByRole('form', { name: 'Новая воронка' })).toHaveCount(0);
    await expect(
      page.getByRole('button', {
        name: /Изменить этап|Удалить|Перетащить|Добавить этап|Переименовать/,
      }),
    ).toHaveCount(0);

    await page.goto(`/vacancy/${vacancy.id}`);
    const section = page.getByRole('region', { name: 'Этапы вакансии' });
    await expect(stageNames(section).first()).toHaveText('Новый');
    await expect(
      section.getByRole('button', {
        name: /Изменить этап|Удалить|Перетащить|Добавить этап|Поднять/,
      }),
    ).toHaveCount(0);
  });

  test('the funnel editor fits a 360 px wide phone', async ({ page, signedIn }) => {
    void signedIn;
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/settings/funnels');
    await expect(page.getByRole('region', { name: 'Основная воронка' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Изменить этап «Новый»' }).click();
    await expect(page.getByRole('dialog', { name: 'Этап «Новый»' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
