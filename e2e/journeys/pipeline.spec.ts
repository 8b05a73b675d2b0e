import { addMember, signInBrowser } from '../fixtures/api.ts';
import { cardSection, createApplicant, createApplicants } from '../fixtures/applicants.ts';
import {
  boardCard,
  boardColumn,
  closeVacancy,
  columnCount,
  createVacancy,
  dragAnnouncement,
  liftCard,
  dragCard,
  moveApplication,
  placeApplicant,
  placeApplicants,
  stageOf,
} from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { field, toast } from '../fixtures/ui.ts';

// Wide enough for the first five stage columns side by side.
test.use({ viewport: { width: 1700, height: 900 } });

test.describe('the hiring pipeline', () => {
  test('a recruiter adds applicants to a vacancy from the card and in bulk from the list', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Бухгалтер' });
    await createVacancy(request, signedIn.token, { position: 'Кладовщик' });
    const [lone, first, second] = await createApplicants(request, signedIn.token, [
      { last_name: 'Одинцова', first_name: 'Ольга', position: 'Главный бухгалтер' },
      { last_name: 'Пахомов', first_name: 'Пётр', position: 'Бухгалтер' },
      { last_name: 'Рябова', first_name: 'Раиса', position: 'Бухгалтер' },
    ]);

    // From the card: at a chosen stage.
    await page.goto(`/applicant/${lone!.id}`);
    const section = cardSection(page, 'Вакансии и этапы');
    await expect(section.getByText('Кандидат пока не добавлен ни на одну вакансию.')).toBeVisible();
    await section.getByRole('button', { name: 'Добавить на вакансию' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить на вакансию' });
    await field(dialog, 'Вакансия').selectOption({ label: 'Бухгалтер' });
    await expect(field(dialog, 'Этап')).toHaveValue(String(stageOf(vacancy, 'Новый').id));
    await field(dialog, 'Этап').selectOption({ label: 'Первичный контакт' });
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect(toast(page, 'Кандидат добавлен на вакансию')).toBeVisible();
    await expect(dialog).toBeHidden();
    const placed = section.getByRole('listitem');
    await expect(placed).toContainText('Бухгалтер');
    await expect(placed).toContainText('Первичный контакт');

    // In bulk from the list: two at the first stage; the one already there is skipped.
    await page.goto('/applicants');
    for (const applicant of [lone!, first!, second!]) {
      await page.getByRole('checkbox', { name: `Выбрать: ${applicant.name}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Действия с выбранными' });
    await bar.getByRole('button', { name: 'На вакансию' }).click();
    const bulk = page.getByRole('dialog', { name: 'Добавить на вакансию' });
    await expect(bulk).toContainText('Выбрано: 3 кандидата');
    await field(bulk, 'Вакансия').selectOption({ label: 'Бухгалтер' });
    await bulk.getByRole('button', { name: 'Добавить' }).click();
    await expect(
      toast(page, 'Добавлено на вакансию: 2 кандидата; уже были на ней: 1'),
    ).toBeVisible();

    // The board shows them where they were put, and the card links to it.
    await page.goto(`/applicant/${lone!.id}`);
    await cardSection(page, 'Вакансии и этапы').getByRole('link', { name: 'Бухгалтер' }).click();
    await expect(page).toHaveURL(new RegExp(`/vacancy/${vacancy.id}/candidates$`));
    const fresh = boardColumn(page, 'Новый');
    await expect(columnCount(fresh)).toHaveText('2');
    await expect(boardCard(fresh, first!.name)).toBeVisible();
    await expect(boardCard(fresh, second!.name)).toBeVisible();
    await expect(boardCard(boardColumn(page, 'Первичный контакт'), lone!.name)).toBeVisible();
  });

  test('cards move by mouse and keyboard, and a rejection lands in its column with the reason', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Кассир' });
    const people = await createApplicants(request, signedIn.token, [
      { last_name: 'Абрамова', first_name: 'Алла' },
      { last_name: 'Борисов', first_name: 'Борис' },
      { last_name: 'Власова', first_name: 'Вера' },
    ]);
    for (const person of people) {
      await placeApplicant(request, signedIn.token, person.id, vacancy.id);
    }
    const [mouse, keyboard, rejected] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];

    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const contact = boardColumn(page, 'Первичный контакт');
    const hr = boardColumn(page, 'Интервью с HR');
    const rejections = boardColumn(page, 'Отказ компании');
    await expect(columnCount(fresh)).toHaveText('3');
    await expect(columnCount(hr)).toHaveText('0');
    // Rejection stages close the board.
    const names = await page
      .getByRole('region', { name: /^Этап / })
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
    expect(names.slice(-2)).toEqual(['Этап Отказ компании', 'Этап Отказ кандидата']);

    // Mouse: two stages on.
    await dragCard(page, boardCard(fresh, mouse.name), hr);
    await expect(boardCard(hr, mouse.name)).toBeVisible();
    await expect(columnCount(fresh)).toHaveText('2');
    await expect(columnCount(hr)).toHaveText('1');

    // Keyboard: Space lifts, → carries to the next stage, Space drops; the move is announced.
    const announced = dragAnnouncement(page);
    await liftCard(
      page,
      boardCard(fresh, keyboard.name).getByRole('button', {
        name: `Переместить: ${keyboard.name}`,
      }),
    );
    await expect(announced).toHaveText('Над этапом «Новый».');
    await page.keyboard.press('ArrowRight');
    await expect(announced).toHaveText('Над этапом «Первичный контакт».');
    await page.keyboard.press('Space');
    await expect(boardCard(contact, keyboard.name)).toBeVisible();
    await expect(announced).toHaveText(
      `Карточка ${keyboard.name} перемещена на этап «Первичный контакт».`,
    );
    await expect(columnCount(contact)).toHaveText('1');

    // Escape puts a lifted card back.
    await liftCard(
      page,
      boardCard(fresh, rejected.name).getByRole('button', {
        name: `Переместить: ${rejected.name}`,
      }),
    );
    await expect(announced).toHaveText('Над этапом «Новый».');
    await page.keyboard.press('ArrowRight');
    await expect(announced).toHaveText('Над этапом «Первичный контакт».');
    await page.keyboard.press('Escape');
    await expect(announced).toHaveText(
      `Перемещение отменено. Карточка ${rejected.name} осталась на этапе «Новый».`,
    );
    await expect(boardCard(fresh, rejected.name)).toBeVisible();
    await expect(columnCount(contact)).toHaveText('1');

    // Reject with a reason through the card's menu.
    await boardCard(fresh, rejected.name)
      .getByRole('button', { name: `Действия: ${rejected.name}` })
      .click();
    await page.getByRole('menuitem', { name: 'Отказать' }).click();
    const dialog = page.getByRole('dialog', { name: 'Отказать кандидату' });
    await dialog.getByRole('button', { name: 'Отказать' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Выберите причину');
    await dialog.getByLabel('Не прошёл интервью').check();
    await field(dialog, 'Комментарий').fill('Слабые знания кассовой дисциплины');
    await dialog.getByRole('button', { name: 'Отказать' }).click();
    await expect(dialog).toBeHidden();
    const rejectedCard = boardCard(rejections, rejected.name);
    await expect(rejectedCard).toContainText('Причина: Не прошёл интервью');
    await expect(columnCount(rejections)).toHaveText('1');
    await expect(columnCount(fresh)).toHaveText('0');

    // All of it is on the server: a reload shows the same board.
    await page.reload();
    await expect(boardCard(hr, mouse.name)).toBeVisible();
    await expect(boardCard(contact, keyboard.name)).toBeVisible();
    await expect(boardCard(rejections, rejected.name)).toBeVisible();
    await expect(columnCount(fresh)).toHaveText('0');
  });

  test('a move the server refuses puts the card back and says why', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Продавец' });
    const person = await createApplicant(request, signedIn.token, {
      last_name: 'Егорова',
      first_name: 'Ева',
    });
    await placeApplicant(request, signedIn.token, person.id, vacancy.id);
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    const contact = boardColumn(page, 'Первичный контакт');
    await expect(boardCard(fresh, person.name)).toBeVisible();

    // A colleague closes the vacancy while this board is open.
    await closeVacancy(request, signedIn.token, vacancy.id);
    const refused = page.waitForResponse((r) => r.url().endsWith('/move'));
    await dragCard(page, boardCard(fresh, person.name), contact);
    expect((await refused).status()).toBe(409);
    await expect(toast(page, /Вакансия закрыта/)).toBeVisible();
    await expect(boardCard(fresh, person.name)).toBeVisible();
    await expect(boardCard(contact, person.name)).toHaveCount(0);
    await expect(columnCount(fresh)).toHaveText('1');
    await expect(columnCount(contact)).toHaveText('0');
    // The board learns that the vacancy is closed and stops offering moves.
    await expect(
      page.getByText('Вакансия не открыта: перемещать кандидатов нельзя.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Переместить:/ })).toHaveCount(0);
  });

  test('a long column loads its next cards when scrolled to the end', async ({
    page,
    request,
    signedIn,
  }) => {
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Курьер' });
    const people = await createApplicants(
      request,
      signedIn.token,
      Array.from({ length: 35 }, (_, i) => ({
        last_name: `Курьеров-${String(i + 1).padStart(2, '0')}`,
        first_name: 'Кирилл',
      })),
    );
    const placed = await placeApplicants(
      request,
      signedIn.token,
      people.map((p) => p.id),
      vacancy.id,
    );
    expect(placed).toEqual({ placed: 35, skipped: 0 });

    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    const fresh = boardColumn(page, 'Новый');
    await expect(columnCount(fresh)).toHaveText('35');
    const cards = fresh.getByRole('article');
    await expect(cards).toHaveCount(30);
    await cards.last().hover();
    for (let i = 0; i < 10 && (await cards.count()) < 35; i += 1) {
      await page.mouse.wheel(0, 2000);
      await page.waitForTimeout(100);
    }
    await expect(cards).toHaveCount(35);
    await expect(fresh.getByRole('button', { name: 'Показать ещё' })).toHaveCount(0);
  });

  test('a colleague sees a move appear live, without reloading', async ({
    page,
    browser,
    request,
    signedIn,
  }) => {
    const colleague = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
    const vacancy = await createVacancy(request, signedIn.token, {
      position: 'Повар',
      owners: [colleague.id],
    });
    const person = await createApplicant(request, signedIn.token, {
      last_name: 'Голубев',
      first_name: 'Глеб',
    });
    const application = await placeApplicant(request, signedIn.token, person.id, vacancy.id);

    const theirs = await browser.newContext();
    await signInBrowser(theirs, colleague.token);
    const colleaguePage = await theirs.newPage();
    // The colleague's board subscribes to the vacancy's server-sent events.
    const stream = colleaguePage.waitForRequest(
      (r) => new URL(r.url()).pathname === `/api/vacancies/${vacancy.id}/events`,
    );
    await colleaguePage.goto(`/vacancy/${vacancy.id}/candidates`);
    await stream;
    await expect(boardCard(boardColumn(colleaguePage, 'Новый'), person.name)).toBeVisible();

    // The admin drags the card in their own window…
    await page.goto(`/vacancy/${vacancy.id}/candidates`);
    await dragCard(
      page,
      boardCard(boardColumn(page, 'Новый'), person.name),
      boardColumn(page, 'Первичный контакт'),
    );
    await expect(boardCard(boardColumn(page, 'Первичный контакт'), person.name)).toBeVisible();

    // …and the colleague's board follows.
    const theirContact = boardColumn(colleaguePage, 'Первичный контакт');
    await expect(boardCard(theirContact, person.name)).toBeVisible();
    await expect(columnCount(theirContact)).toHaveText('1');
    await expect(columnCount(boardColumn(colleaguePage, 'Новый'))).toHaveText('0');

    // A move made elsewhere (another tab, the API) arrives the same way.
    await moveApplication(
      request,
      colleague.token,
      application.id,
      stageOf(vacancy, 'Интервью с HR').id,
    );
    await expect(boardCard(boardColumn(page, 'Интервью с HR'), person.name)).toBeVisible();
    await expect(boardCard(boardColumn(colleaguePage, 'Интервью с HR'), person.name)).toBeVisible();
    await theirs.close();
  });

  test('a watcher sees only the vacancies they watch, read-only', async ({
    browser,
    request,
    signedIn,
  }) => {
    const watcher = await addMember(request, signedIn, { member_type: 'watcher', is_admin: false });
    const watched = await createVacancy(request, signedIn.token, {
      position: 'Водитель',
      watchers: [watcher.id],
    });
    const other = await createVacancy(request, signedIn.token, { position: 'Грузчик' });
    const person = await createApplicant(request, signedIn.token, {
      last_name: 'Дмитриев',
      first_name: 'Денис',
    });
    await placeApplicant(request, signedIn.token, person.id, watched.id);
    await placeApplicant(request, signedIn.token, person.id, other.id);

    const context = await browser.newContext();
    await signInBrowser(context, watcher.token);
    const page = await context.newPage();
    await page.goto(`/vacancy/${watched.id}/candidates`);
    const card = boardCard(boardColumn(page, 'Новый'), person.name);
    await expect(card).toBeVisible();
    await expect(columnCount(boardColumn(page, 'Новый'))).toHaveText('1');
    // No drag handles and no reject actions without write rights on the stages.
    await expect(page.getByRole('button', { name: /^Переместить:/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Действия:/ })).toHaveCount(0);

    await page.goto(`/vacancy/${other.id}/candidates`);
    await expect(page.getByRole('heading', { name: 'Вакансия не найдена' })).toBeVisible();
    await expect(page.getByRole('region', { name: /^Этап / })).toHaveCount(0);
    await context.close();
  });
});
