import { ageOn, cardSection, createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field } from '../fixtures/ui.ts';

/** '150 000 ₽' as ru-RU writes it (no-break spaces, whichever one Intl picks). */
const rub = (amount: string) => new RegExp(`^${amount.replace(/ /g, '\\s')}\\s₽$`);

test.describe('the applicant card', () => {
  test('a recruiter adds an applicant by hand and lands on the card with what was typed', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.token).toBeTruthy();
    let creates = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/applicants') creates += 1;
    });

    await page.goto('/applicants');
    await expect(page.getByRole('heading', { level: 1, name: 'Кандидаты' })).toBeVisible();
    await expect(page.getByText('Кандидатов пока нет')).toBeVisible();
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
    await expect(dialog).toBeVisible();

    // Nothing but a position: the name is required, the message is Russian, nothing is sent.
    await field(dialog, 'Должность').fill('Frontend-разработчик');
    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
    await expect(field(dialog, 'Имя')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('alert')).toHaveText('Укажите имя или фамилию кандидата');
    await expect(dialog).toBeVisible();
    expect(creates).toBe(0);

    await field(dialog, 'Фамилия').fill('Соколова');
    await field(dialog, 'Имя').fill('Дарья');
    await field(dialog, 'Отчество').fill('Андреевна');
    await field(dialog, 'Телефон').fill('+7 900 123-45-67');
    await field(dialog, 'Email').fill('d.sokolova@example.ru');
    await field(dialog, 'Зарплата').fill('150000');
    // Typed as digits, the mask adds the dots.
    const birthday = field(dialog, 'Дата рождения');
    await birthday.pressSequentially('15031990');
    await expect(birthday).toHaveValue('15.03.1990');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/applicants',
    );
    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
    const { message } = (await (await created).json()) as { message: { id: number } };
    expect(creates).toBe(1);

    await expectPath(page, `/applicant/${message.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Соколова Дарья Андреевна' }),
    ).toBeVisible();
    await expect(page.getByText('Frontend-разработчик', { exact: true })).toBeVisible();
    const age = ageOn('1990-03-15');
    await expect(
      page.getByText(new RegExp(`^${age} (год|года|лет) \\(15\\.03\\.1990\\) · 150\\s000\\s₽$`)),
    ).toBeVisible();
    const contacts = cardSection(page, 'Контакты');
    await expect(contacts.getByRole('link', { name: '+7 900 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+79001234567',
    );
    await expect(contacts.getByRole('link', { name: 'd.sokolova@example.ru' })).toHaveAttribute(
      'href',
      'mailto:d.sokolova@example.ru',
    );
    await expect(cardSection(page, 'Зарплата').getByText(rub('150 000'))).toBeVisible();
    await expect(cardSection(page, 'История изменений')).toContainText(
      `${signedIn.name} создал(а) кандидата`,
    );
  });

  test('salary and skills are edited in place, survive a reload and show in the history', async ({
    page,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      last_name: 'Орлов',
      first_name: 'Павел',
      position: 'Backend-разработчик',
      money: '150000',
      currency: 'RUB',
      skills: ['Go'],
    });
    await page.goto(`/applicant/${applicant.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Орлов Павел' })).toBeVisible();

    const salary = cardSection(page, 'Зарплата');
    await expect(salary.getByText(rub('150 000'))).toBeVisible();
    await salary.getByRole('button', { name: 'Изменить: Зарплата' }).click();
    const salaryForm = salary.getByRole('form', { name: 'Зарплата' });
    await field(salaryForm, 'Желаемая зарплата').fill('180000');
    await salaryForm.getByRole('button', { name: 'Сохранить' }).click();
    await expect(salaryForm).toBeHidden();
    await expect(salary.getByText(rub('180 000'))).toBeVisible();

    const skills = cardSection(page, 'Навыки');
    await skills.getByRole('button', { name: 'Изменить: Навыки' }).click();
    const skillsForm = skills.getByRole('form', { name: 'Навыки' });
    const skillInput = field(skillsForm, 'Навыки');
    await skillInput.fill('PostgreSQL');
    await skillInput.press('Enter');
    await expect(
      skillsForm.getByRole('list', { name: 'Выбранные навыки' }).getByText('PostgreSQL'),
    ).toBeVisible();
    await skillsForm.getByRole('button', { name: 'Сохранить' }).click();
    await expect(skillsForm).toBeHidden();
    await expect(skills.getByRole('listitem')).toHaveText(['Go', 'PostgreSQL']);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Орлов Павел' })).toBeVisible();
    await expect(cardSection(page, 'Зарплата').getByText(rub('180 000'))).toBeVisible();
    await expect(cardSection(page, 'Навыки').getByRole('listitem')).toHaveText([
      'Go',
      'PostgreSQL',
    ]);

    // Newest first: the skills edit, then the salary edit, then the creation; each names the user.
    const history = cardSection(page, 'История изменений').getByRole('list').first();
    const entries = history.locator(':scope > li');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText(`${signedIn.name} изменил(а) данные`);
    await expect(entries.nth(0)).toContainText('Навыки: Go → Go, PostgreSQL');
    await expect(entries.nth(1)).toContainText(`${signedIn.name} изменил(а) данные`);
    await expect(entries.nth(1)).toContainText('Зарплата: 150000 → 180000');
    await expect(entries.nth(2)).toContainText(`${signedIn.name} создал(а) кандидата`);
  });
});
