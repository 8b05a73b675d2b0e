import {
  applicantRow,
  cardSection,
  createApplicants,
  foundCount,
  renderedNames,
  searchBox,
} from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field } from '../fixtures/ui.ts';

// Issue 20, items 2 and 13: the one search box «Имя, email, телефон…» finds by any phone format
// and fragment, e-mail and its parts, Telegram handle and résumé link, and forgives a typo; a
// phone typed by hand is stored once and shown in one form.

test.describe('the search box finds contacts', () => {
  test('phones in any format, e-mails, handles, résumé links and a name with a typo', async ({
    page,
    request,
    signedIn,
  }) => {
    const [petrov, sidorova] = await createApplicants(request, signedIn.token, [
      {
        last_name: 'Петров',
        first_name: 'Иван',
        phone: '+7 900 236-77-81',
        email: 'ivan.petrov@mail.ru',
        tg: '@petrov_ivan',
        resume_urls: ['https://hh.ru/resume/0a1b2c3d4e5f'],
      },
      { last_name: 'Сидорова', first_name: 'Анна', phone: '+7 916 123-45-67' },
      { last_name: 'Кузнецов', first_name: 'Олег', email: 'oleg@yandex.ru' },
    ]).then((seeded) => seeded.map((s) => s.name) as [string, string, string]);

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 3 кандидата')).toBeVisible();

    const finds = async (query: string, name: string) => {
      await searchBox(page).fill(query);
      await expect(foundCount(page, 'Найден 1 кандидат'), query).toBeVisible();
      await expect(applicantRow(page, name), query).toBeVisible();
      expect(await renderedNames(page), query).toEqual([name]);
    };
    await finds('+7 (900) 236-77-81', petrov);
    await finds('89161234567', sidorova);
    await finds('916 123', sidorova);
    await finds('mail.ru', petrov);
    await finds('ivan.petrov@mail.ru', petrov);
    await finds('ivan.petrov', petrov);
    await finds('@petrov_ivan', petrov);
    await finds('petrov_ivan', petrov);
    await finds('hh.ru/resume/0a1b2c3d4e5f', petrov);
    await finds('Петрво', petrov);

    await searchBox(page).fill('8 999 000');
    await expect(page.getByText('Никого не нашли')).toBeVisible();
  });

  test('4+ digits in any format and any part of an e-mail (issue 22)', async ({
    page,
    request,
    signedIn,
  }) => {
    const [orlov, sokolova] = await createApplicants(request, signedIn.token, [
      {
        last_name: 'Орлов',
        first_name: 'Пётр',
        phone: '8 (916) 123-45-67',
        email: 'p.ivanov@yandex.ru',
      },
      {
        last_name: 'Соколова',
        first_name: 'Анна',
        phone: '+7 903 765-43-21',
        email: 'sokolova@gmail.com',
      },
    ]).then((seeded) => seeded.map((s) => s.name) as [string, string]);

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 2 кандидата')).toBeVisible();
    const finds = async (query: string, name: string) => {
      await searchBox(page).fill(query);
      await expect(foundCount(page, 'Найден 1 кандидат'), query).toBeVisible();
      await expect(applicantRow(page, name), query).toBeVisible();
      expect(await renderedNames(page), query).toEqual([name]);
    };
    for (const typed of ['916 123', '+7 (916) 12', '9161234', '1234']) await finds(typed, orlov);
    await finds('765-43', sokolova);
    await finds('ivanov', orlov);
    await finds('@yandex', orlov);
    await finds('ov@ya', orlov);
    await finds('va@gm', sokolova);
  });

  test('a phone typed by hand shows in one form on the card and is found by a fragment', async ({
    page,
    signedIn,
  }) => {
    expect(signedIn.token).toBeTruthy();
    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Новый кандидат' });
    await field(dialog, 'Фамилия').fill('Орлова');
    await field(dialog, 'Имя').fill('Вера');
    await field(dialog, 'Телефон').fill('8 916 123 45 67');
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/applicants',
    );
    await dialog.getByRole('button', { name: 'Создать кандидата' }).click();
    const { message } = (await (await created).json()) as { message: { id: number } };
    await expectPath(page, `/applicant/${message.id}`);

    const contacts = cardSection(page, 'Контакты');
    await expect(contacts.getByRole('link', { name: '+7 916 123-45-67' })).toHaveAttribute(
      'href',
      'tel:+79161234567',
    );
    await expect(contacts.getByText('8 916 123 45 67')).toHaveCount(0);

    await page.goto('/applicants');
    await searchBox(page).fill('916 123');
    await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
    await expect(applicantRow(page, 'Орлова Вера')).toBeVisible();
  });
});
