import { addMember, signInBrowser } from '../fixtures/api.ts';
import { createApplicants } from '../fixtures/applicants.ts';
import { createVacancy, moveApplication, placeApplicant, stageOf } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, toast } from '../fixtures/ui.ts';
import { createTemplate } from '../fixtures/vacancy-templates.ts';

test.describe('vacancy screens', () => {
  test('a recruiter starts a vacancy from a template and edits its requirements as rich text', async ({
    page,
    request,
    signedIn,
  }) => {
    await createTemplate(request, signedIn.token, {
      name: 'Аналитик: шаблон',
      position: 'Аналитик данных',
      salary_from: 150000,
      salary_to: 250000,
      needed: 2,
      city: 'Казань',
      body: '<p>Считаем <strong>метрики</strong> продукта</p>',
      additional_fields_list: [{ type: 'string', name: 'Грейд', value: 'Middle' }],
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
    await expect(page.getByText('Открытые вакансии: пусто')).toBeVisible();
    await page.getByRole('button', { name: 'Новая вакансия' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новая вакансия' });
    await dialog.getByLabel('Создать из шаблона').selectOption({ label: 'Аналитик: шаблон' });
    await expect(field(dialog, 'Должность')).toHaveValue('Аналитик данных');
    await expect(field(dialog, 'Город')).toHaveValue('Казань');
    await expect(dialog.getByRole('textbox', { name: 'Описание' })).toContainText(
      'Считаем метрики продукта',
    );
    // A wrong date is refused in Russian before anything is sent.
    await field(dialog, 'Закрыть до').fill('31022030');
    await dialog.getByRole('button', { name: 'Создать вакансию' }).click();
    await expect(dialog.getByText('Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ')).toBeVisible();
    await field(dialog, 'Закрыть до').fill('31122030');
    await dialog.getByRole('button', { name: 'Создать вакансию' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Аналитик данных' })).toBeVisible();
    await expect(page).toHaveURL(/\/vacancy\/\d+$/);
    const description = page.getByRole('region', { name: 'Описание', exact: true });
    await expect(description.locator('strong')).toHaveText('метрики');
    const terms = page.getByRole('region', { name: 'Условия' });
    await expect(terms.getByText('31.12.2030', { exact: true })).toBeVisible();
    await expect(terms.getByText(/^Закрыть до 31\.12\.2030, осталось/)).toBeVisible();
    await expect(terms.getByText('Middle')).toBeVisible();

    // Requirements: a bold line and a bulleted list, with the toolbar and the keyboard.
    await page.getByRole('button', { name: 'Редактировать' }).click();
    const edit = page.getByRole('dialog', { name: 'Редактировать вакансию' });
    const requirements = edit.getByRole('textbox', { name: 'Требования' });
    await requirements.click();
    await edit
      .getByRole('toolbar', { name: 'Форматирование: Требования' })
      .getByRole('button', { name: 'Полужирный' })
      .click();
    await page.keyboard.type('Опыт с SQL');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+Shift+8');
    await page.keyboard.type('Python');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Airflow');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect(toast(page, 'Вакансия сохранена')).toBeVisible();
    await expect(edit).toBeHidden();

    const saved = page.getByRole('region', { name: 'Требования' });
    await expect(saved.locator('strong')).toHaveText('Опыт с SQL');
    await expect(saved.getByRole('listitem')).toHaveText(['Python', 'Airflow']);
    // The list's card on the home page.
    await page.goto('/');
    const card = page.getByRole('listitem', { name: 'Аналитик данных' });
    await expect(card.getByText(/150\s000\s–\s250\s000\s₽/)).toBeVisible();
  });

  test('closing asks a reason of the close type, the vacancy moves to the closed tab and reopens', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Тестировщик' });
    await page.goto(`/vacancy/${vacancy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Тестировщик' })).toBeVisible();
    await expect(page.getByText('Открыта', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Закрыть' }).click();
    const dialog = page.getByRole('dialog', { name: 'Закрыть вакансию' });
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Укажите причину');
    // Only reasons of the close type are offered.
    await expect(dialog.getByRole('option', { name: 'Заморожен бюджет' })).toHaveCount(0);
    await field(dialog, 'Причина').selectOption({ label: 'Отменена заказчиком' });
    await field(dialog, 'Комментарий').fill('Заказчик передумал');
    await dialog.getByRole('button', { name: 'Закрыть' }).click();
    await expect(toast(page, 'Вакансия закрыта')).toBeVisible();
    await expect(page.getByText('Закрыта', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Возобновить' })).toBeVisible();

    await page.goto('/');
    await expect(page.getByText('Открытые вакансии: пусто')).toBeVisible();
    await page.getByRole('tab', { name: /^Закрытые 1$/ }).click();
    await expect(page.getByRole('tab', { name: /^Закрытые/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('link', { name: 'Тестировщик' }).click();
    await expectPath(page, `/vacancy/${vacancy.id}`);
    await page.getByRole('button', { name: 'Возобновить' }).click();
    await expect(toast(page, 'Вакансия снова открыта')).toBeVisible();
    await expect(page.getByText('Открыта', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Приостановить' })).toBeVisible();
  });

  test('the statistics funnel counts who reached each stage and the conversion', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Дизайнер' });
    const people = await createApplicants(request, signedIn.token, [
      { last_name: 'Орлова', first_name: 'Ольга' },
      { last_name: 'Зайцев', first_name: 'Павел' },
      { last_name: 'Белова', first_name: 'Ирина' },
    ]);
    const applications = [];
    for (const person of people) {
      applications.push(await placeApplicant(request, signedIn.token, person.id, vacancy.id));
    }
    const contact = stageOf(vacancy, 'Первичный контакт');
    const interview = stageOf(vacancy, 'Интервью с HR');
    await moveApplication(request, signedIn.token, applications[0]!.id, contact.id);
    await moveApplication(request, signedIn.token, applications[1]!.id, contact.id);
    await moveApplication(request, signedIn.token, applications[0]!.id, interview.id);

    await page.goto(`/vacancy/${vacancy.id}`);
    const statistics = page.getByRole('region', { name: 'Статистика' });
    const funnel = statistics.getByRole('figure', { name: 'Воронка найма' });
    await expect(funnel).toBeVisible();
    await funnel.getByRole('button', { name: 'Показать таблицей' }).click();
    const table = funnel.getByRole('table');
    const cells = async (stage: string) =>
      table
        .getByRole('row', { name: new RegExp(`^${stage}`) })
        .getByRole('cell')
        .allInnerTexts();
    await expect.poll(() => cells('Новый')).toEqual(['3', '1', '—', '100 %', expect.any(String)]);
    expect((await cells('Первичный контакт')).slice(0, 4)).toEqual(['2', '1', '66,7 %', '66,7 %']);
    expect((await cells('Интервью с HR')).slice(0, 4)).toEqual(['1', '1', '50 %', '33,3 %']);
    await expect(statistics.getByText('Кандидатов на вакансии').locator('..')).toContainText('3');

    await page.getByRole('main').getByRole('link', { name: 'Кандидаты', exact: true }).click();
    await expectPath(page, `/vacancy/${vacancy.id}/candidates`);
  });

  test('a vacancy saved as a template starts the next one from the template page', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Юрист' });
    await page.goto(`/vacancy/${vacancy.id}`);
    await page.getByRole('button', { name: 'Сохранить как шаблон' }).click();
    const save = page.getByRole('dialog', { name: 'Сохранить как шаблон' });
    await expect(field(save, 'Название шаблона')).toHaveValue('Юрист');
    await field(save, 'Название шаблона').fill('Юрист: шаблон');
    await save.getByRole('button', { name: 'Сохранить шаблон' }).click();
    await save.getByRole('link', { name: 'Открыть шаблон' }).click();
    await expect(page).toHaveURL(/\/vacancy\/template\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Юрист: шаблон' })).toBeVisible();
    // The vacancy's stages came along.
    await expect(page.getByRole('list', { name: 'Этапы шаблона' })).toContainText('Интервью с HR');

    await page.getByRole('button', { name: 'Редактировать' }).click();
    await field(page, 'Город').fill('Самара');
    await page.getByRole('button', { name: 'Сохранить шаблон' }).click();
    await expect(toast(page, 'Изменения шаблона сохранены')).toBeVisible();

    await page.getByRole('button', { name: 'Создать вакансию по шаблону' }).click();
    const dialog = page.getByRole('dialog', { name: 'Новая вакансия' });
    await expect(dialog.getByLabel('Создать из шаблона')).toHaveValue(/\d+/);
    await expect(field(dialog, 'Город')).toHaveValue('Самара');
    await field(dialog, 'Должность').fill('Старший юрист');
    await dialog.getByRole('button', { name: 'Создать вакансию' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Старший юрист' })).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/vacancy/${vacancy.id}$`));
  });

  test('a watcher sees the vacancy they watch but no way to change it', async ({
    page,
    context,
    request,
    account,
  }) => {
    const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
    const vacancy = await createVacancy(request, account.token, {
      position: 'Бухгалтер',
      watchers: [watcher.id],
    });
    await signInBrowser(context, watcher.token);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Вакансии' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Новая вакансия' })).toHaveCount(0);
    await page
      .getByRole('listitem', { name: 'Бухгалтер' })
      .getByRole('link', { name: 'Бухгалтер' })
      .click();
    await expectPath(page, `/vacancy/${vacancy.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Бухгалтер' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Кандидаты' })).toBeVisible();
    for (const name of ['Редактировать', 'Закрыть', 'Приостановить', 'Сохранить как шаблон']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }
  });
});
