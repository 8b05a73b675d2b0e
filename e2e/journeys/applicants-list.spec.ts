import {
  applicantList,
  applicantRow,
  birthdayForAge,
  cardSection,
  createApplicant,
  createApplicants,
  createTag,
  foundCount,
  listScroller,
  renderedNames,
  searchBox,
  setApplicantTags,
  type ApplicantSeed,
} from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field } from '../fixtures/ui.ts';

const listRequestsOf = (url: string) => {
  const { pathname, searchParams } = new URL(url);
  return pathname === '/api/applicants' ? searchParams : null;
};

test.describe('the applicant list', () => {
  test('scrolling the virtualised list loads page after page down to the last applicant', async ({
    page,
    request,
    signedIn,
  }) => {
    // The oldest one goes first, on its own: the default order (newest first) puts it last.
    const oldest = await createApplicant(request, signedIn.token, {
      last_name: 'Самый',
      first_name: 'Первый',
      position: 'Архивариус',
    });
    const rest: ApplicantSeed[] = Array.from({ length: 74 }, (_, i) => ({
      last_name: `Кандидатов-${String(i + 2).padStart(2, '0')}`,
      first_name: 'Тест',
      position: 'Менеджер по продажам',
      money: String(50_000 + i * 1000),
      currency: 'RUB',
    }));
    await createApplicants(request, signedIn.token, rest);

    const pagesAsked: number[] = [];
    page.on('request', (r) => {
      const query = listRequestsOf(r.url());
      if (query && r.method() === 'GET') pagesAsked.push(Number(query.get('page')));
    });

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 75 кандидатов')).toBeVisible();
    const list = applicantList(page);
    await expect(list.getByRole('listitem').first()).toBeVisible();
    // Virtualised: far fewer rows in the DOM than applicants.
    expect((await renderedNames(page)).length).toBeLessThan(30);
    await expect(applicantRow(page, oldest.name)).toHaveCount(0);

    // Scroll the list's own box with the wheel, as a user would, until the oldest appears.
    const scroller = listScroller(list);
    await scroller.hover();
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, 1500);
          // Rendered (rows just below the fold are rendered too): one more turn brings it up.
          return applicantRow(page, oldest.name).count();
        },
        { message: `${oldest.name} rendered in the list`, timeout: 20_000, intervals: [200] },
      )
      .toBe(1);
    await page.mouse.wheel(0, 1500);
    await expect(applicantRow(page, oldest.name)).toBeInViewport();
    await expect(applicantRow(page, oldest.name)).toContainText('Архивариус');
    await expect(page.getByText('Загружаем ещё…')).toHaveCount(0);

    // Page 1 came with the HTML (decision 0052); scrolling asked for the next two, no further.
    expect(pagesAsked).toEqual(expect.arrayContaining([2, 3]));
    expect(pagesAsked).not.toContain(4);
  });

  test('a Russian search forgives a typo, crosses alphabets and ignores ё', async ({
    page,
    request,
    signedIn,
  }) => {
    const seeded = await createApplicants(request, signedIn.token, [
      { last_name: 'Иванова', first_name: 'Мария', middle_name: 'Петровна', position: 'HR' },
      { last_name: 'Прохоров', first_name: 'Алексей', position: 'Аналитик данных' },
      { last_name: 'Ivanov', first_name: 'Ivan', position: 'Backend Developer' },
      { last_name: 'Ёлкина', first_name: 'Ольга', position: 'Дизайнер' },
      { last_name: 'Смирнова', first_name: 'Анна', position: 'Бухгалтер' },
      { last_name: 'Кузнецов', first_name: 'Дмитрий', position: 'React-разработчик' },
    ]);
    const [ivanova, prokhorov, ivanov, yolkina] = seeded.map((s) => s.name) as [
      string,
      string,
      string,
      string,
    ];

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 6 кандидатов')).toBeVisible();

    await searchBox(page).fill('Иваноф');
    await expect(applicantRow(page, prokhorov)).toHaveCount(0);
    await expect(applicantRow(page, ivanova)).toBeVisible();
    await expect(applicantRow(page, ivanov)).toBeVisible();
    await expect(applicantRow(page, yolkina)).toHaveCount(0);

    await searchBox(page).fill('елкина');
    await expect(foundCount(page, 'Найден 1 кандидат')).toBeVisible();
    await expect(applicantRow(page, yolkina)).toBeVisible();
    expect(await renderedNames(page)).toEqual([yolkina]);

    await searchBox(page).fill('Щукин');
    await expect(page.getByText('Никого не нашли')).toBeVisible();
    await page.getByRole('button', { name: 'Сбросить поиск и фильтры' }).click();
    await expect(searchBox(page)).toHaveValue('');
    await expect(foundCount(page, 'Найдено 6 кандидатов')).toBeVisible();
  });

  test('salary, age and tag filters narrow the list; a saved filter set brings them back', async ({
    page,
    request,
    signedIn,
  }) => {
    const reserve = await createTag(request, signedIn.token, 'Кадровый резерв', '#2563EB');
    await createTag(request, signedIn.token, 'Не звонить', '#DC2626');
    const seeds: (ApplicantSeed & { tagged: boolean })[] = [
      // Matches: 100–200 тыс. ₽, 25–40 лет, tagged.
      { last_name: 'Подходящая', first_name: 'Алла', money: '120000', age: 30, tagged: true },
      { last_name: 'Подходящий', first_name: 'Борис', money: '200000', age: 38, tagged: true },
      // Each misses one condition.
      { last_name: 'Безтегов', first_name: 'Виктор', money: '150000', age: 30, tagged: false },
      { last_name: 'Дорогой', first_name: 'Глеб', money: '350000', age: 33, tagged: true },
      { last_name: 'Скромная', first_name: 'Дина', money: '90000', age: 28, tagged: true },
      { last_name: 'Опытный', first_name: 'Евгений', money: '150000', age: 52, tagged: true },
    ].map(({ age, ...seed }) => ({
      ...seed,
      currency: 'RUB',
      birthday: birthdayForAge(age),
      position: 'Инженер',
    }));
    const created = await createApplicants(
      request,
      signedIn.token,
      seeds.map(({ tagged: _, ...seed }) => seed),
    );
    await Promise.all(
      created.map((a, i) =>
        seeds[i]!.tagged ? setApplicantTags(request, signedIn.token, a.id, [reserve.id]) : null,
      ),
    );
    const matching = ['Подходящая Алла', 'Подходящий Борис'];

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 6 кандидатов')).toBeVisible();
    await expect(applicantRow(page, 'Опытный Евгений')).toContainText('52 года');

    await page.getByRole('button', { name: 'Фильтры', exact: true }).click();
    const panel = page.getByRole('form', { name: 'Фильтры кандидатов' });
    await field(panel, 'Зарплата от').fill('100000');
    await panel.getByRole('group', { name: 'Зарплата' }).getByLabel('до').fill('200000');
    await field(panel, 'Возраст от').fill('25');
    await panel.getByRole('group', { name: 'Возраст' }).getByLabel('до').fill('40');
    const tagButton = panel
      .getByRole('group', { name: 'Теги' })
      .getByRole('button', { name: 'Кадровый резерв' });
    await tagButton.click();
    await expect(tagButton).toHaveAttribute('aria-pressed', 'true');
    await panel.getByRole('button', { name: 'Применить' }).click();

    await expect(foundCount(page, 'Найдено 2 кандидата')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Фильтры (5)' })).toBeVisible();
    await expect.poll(() => renderedNames(page).then((n) => n.sort())).toEqual(matching);
    for (const name of matching) {
      await expect(applicantRow(page, name)).toContainText('Кадровый резерв');
    }

    // Save the set under a name.
    await page.getByRole('button', { name: 'Сохранить текущие фильтры' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Сохранить фильтры' });
    await field(saveDialog, 'Название').fill('Инженеры в резерве');
    await saveDialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(saveDialog).toBeHidden();
    const savedPicker = page.getByRole('combobox', { name: 'Сохранённые фильтры' });
    await expect(savedPicker.locator('option:checked')).toHaveText('Инженеры в резерве');

    // Reset: everyone is back, and the picker no longer claims the set is applied.
    await panel.getByRole('button', { name: 'Сбросить' }).click();
    await expect(foundCount(page, 'Найдено 6 кандидатов')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Фильтры', exact: true })).toBeVisible();
    await expect(savedPicker.locator('option:checked')).toHaveText('Сохранённые фильтры');

    // Re-apply the saved set: the same two, and the panel shows its values again.
    await savedPicker.selectOption({ label: 'Инженеры в резерве' });
    await expect(foundCount(page, 'Найдено 2 кандидата')).toBeVisible();
    await expect.poll(() => renderedNames(page).then((n) => n.sort())).toEqual(matching);
    await expect(field(panel, 'Зарплата от')).toHaveValue('100000');
    await expect(panel.getByRole('group', { name: 'Возраст' }).getByLabel('до')).toHaveValue('40');
    await expect(
      panel.getByRole('group', { name: 'Теги' }).getByRole('button', { name: 'Кадровый резерв' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  test('two selected rows get a tag through the bulk bar: chips in the list and on the card', async ({
    page,
    request,
    signedIn,
  }) => {
    const tag = await createTag(request, signedIn.token, 'Финалист', '#16A34A');
    const [first, second, third] = await createApplicants(request, signedIn.token, [
      { last_name: 'Громова', first_name: 'Ирина', position: 'Тестировщик' },
      { last_name: 'Жуков', first_name: 'Кирилл', position: 'Тестировщик' },
      { last_name: 'Зимин', first_name: 'Лев', position: 'Тестировщик' },
    ]);

    await page.goto('/applicants');
    await expect(foundCount(page, 'Найдено 3 кандидата')).toBeVisible();
    await page.getByRole('checkbox', { name: `Выбрать: ${first!.name}` }).check();
    await page.getByRole('checkbox', { name: `Выбрать: ${second!.name}` }).check();
    const bar = page.getByRole('region', { name: 'Действия с выбранными' });
    await expect(bar).toContainText('Выбрано: 2 кандидата');

    await bar.getByRole('button', { name: 'Добавить теги' }).click();
    const dialog = page.getByRole('dialog', { name: 'Добавить теги' });
    await expect(dialog).toContainText('Выбрано: 2 кандидата. Уже поставленные теги останутся.');
    const add = dialog.getByRole('button', { name: 'Добавить', exact: true });
    await expect(add).toBeDisabled();
    await dialog.getByRole('button', { name: tag.name }).click();
    await add.click();
    await expect(dialog).toBeHidden();

    await expect(applicantRow(page, first!.name).getByText(tag.name)).toBeVisible();
    await expect(applicantRow(page, second!.name).getByText(tag.name)).toBeVisible();
    await expect(applicantRow(page, third!.name).getByText(tag.name)).toHaveCount(0);

    await applicantRow(page, second!.name).getByRole('link', { name: second!.name }).click();
    await expectPath(page, `/applicant/${second!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: second!.name })).toBeVisible();
    await expect(cardSection(page, 'Теги').getByText(tag.name)).toBeVisible();
  });
});
