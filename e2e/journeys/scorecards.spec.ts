import type { APIRequestContext } from '@playwright/test';
import { addMember, AUTH_HEADER, signInBrowser } from '../fixtures/api.ts';
import { createApplicant } from '../fixtures/applicants.ts';
import { createVacancy, placeApplicant } from '../fixtures/pipeline.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';
import { expectPath, navigation, toast } from '../fixtures/ui.ts';

type Form = { id: number; criterions: { id: number; name: string }[] };

/** A second evaluation, written through the API as another member would. */
async function evaluateThroughApi(
  request: APIRequestContext,
  token: string,
  form: Form,
  applicantId: number,
  communication: number,
) {
  const id = (name: string) => form.criterions.find((c) => c.name === name)!.id;
  const response = await request.post('/api/applicant_evaluations', {
    headers: { [AUTH_HEADER]: token },
    data: {
      evaluation_id: form.id,
      applicant_id: applicantId,
      recommendation: 'maybe',
      criterions: [
        {
          criterion_id: id('Коммуникация'),
          result: { criterion_type: 'scale', result: communication },
        },
        { criterion_id: id('Английский'), result: { criterion_type: 'pick_one', result: 'B1' } },
      ],
    },
  });
  expect(response.status()).toBe(200);
}

test.describe('scorecards', () => {
  test('an admin builds a form and puts it on a stage; a recruiter fills it on the card and sees the averages', async ({
    page,
    browser,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      last_name: 'Соколова',
      first_name: 'Мария',
    });
    const vacancy = await createVacancy(request, signedIn.token, { position: 'Юрист' });
    const stage = vacancy.statuses[1]!;
    await placeApplicant(request, signedIn.token, applicant.id, vacancy.id, stage.id);

    await page.goto('/settings/candidate-evaluation-forms');
    await expect(page.getByText('Форм оценки пока нет')).toBeVisible();
    await page.getByRole('button', { name: 'Новая форма' }).click();
    const builder = page.getByRole('form', { name: 'Конструктор формы' });
    await builder.getByLabel(/^Название формы/).fill('Интервью с юристом');
    await builder.getByLabel('Название критерия 1').fill('Коммуникация');
    await builder.getByLabel('Подпись низа 1').fill('Слабо');
    await builder.getByLabel('Подпись верха 1').fill('Отлично');
    await builder.getByRole('button', { name: 'Добавить критерий' }).click();
    await builder.getByLabel('Название критерия 2').fill('Английский');
    await builder.getByLabel('Тип критерия 2').selectOption('pick_one');
    await builder.getByLabel('Вариант 1 критерия 2').fill('B1');
    await builder.getByLabel('Вариант 2 критерия 2').fill('B2');
    await builder.getByRole('button', { name: 'Добавить критерий' }).click();
    await builder.getByLabel('Название критерия 3').fill('Впечатление');
    await builder.getByLabel('Тип критерия 3').selectOption('text');
    await builder.getByRole('button', { name: 'Предпросмотр' }).click();
    await expect(builder.getByRole('radio', { name: 'Коммуникация: 5' })).toBeVisible();
    await builder.getByRole('button', { name: 'Сохранить форму' }).click();
    await expect(toast(page, 'Форма создана')).toBeVisible();

    const card = page.getByRole('listitem', { name: 'Интервью с юристом' });
    await expect(card).toContainText('3 критерия');
    await card.getByLabel('Этап для формы «Интервью с юристом»').selectOption(String(stage.id));
    await card.getByRole('button', { name: 'Прикрепить к этапу' }).click();
    await expect(toast(page, 'Форма прикреплена к этапу')).toBeVisible();
    await expect(
      card.getByRole('list', { name: 'Этапы формы «Интервью с юристом»' }),
    ).toContainText(`Вакансия «Юрист» → ${stage.name}`);
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Этапы формы «Интервью с юристом»' }),
    ).toContainText(`Вакансия «Юрист» → ${stage.name}`);

    // A recruiter fills the form on the card; the stage's form is the one offered.
    const recruiter = await addMember(request, signedIn, { member_type: 'owner', is_admin: false });
    const recruiterContext = await browser.newContext({ baseURL: APP_URL });
    await signInBrowser(recruiterContext, recruiter.token);
    const recruiterPage = await recruiterContext.newPage();
    await recruiterPage.goto(`/applicant/${applicant.id}`);
    const section = recruiterPage.getByRole('region', { name: 'Оценки' });
    await expect(section).toContainText('Кандидата ещё никто не оценил.');
    await section.getByRole('button', { name: 'Оценить' }).click();
    await expect(section.getByLabel('Форма оценки')).toHaveValue(/\d+/);
    await expect(section.getByLabel('Форма оценки').locator('option:checked')).toHaveText(
      'Интервью с юристом',
    );
    await section.getByRole('radio', { name: 'Коммуникация: 4' }).click();
    await section.getByRole('radio', { name: 'B2' }).check();
    await section
      .getByRole('textbox', { name: 'Впечатление', exact: true })
      .fill('Уверенно отвечает');
    await section.getByRole('radio', { name: 'Рекомендую', exact: true }).click();
    await section.getByRole('button', { name: 'Отправить оценку' }).click();
    await expect(toast(recruiterPage, 'Оценка сохранена')).toBeVisible();
    await expect(section.getByRole('meter', { name: 'Коммуникация' })).toHaveAttribute(
      'aria-valuetext',
      '4 из 5',
    );
    await expect(section.getByRole('listitem', { name: /Интервью с юристом, Олег/ })).toContainText(
      'Уверенно отвечает',
    );

    // Another evaluation arrives; after a reload both are there and the mean is 4,5.
    const forms = await request.get('/api/evaluations', {
      headers: { [AUTH_HEADER]: signedIn.token },
    });
    const [form] = (await forms.json()).message as Form[];
    await evaluateThroughApi(request, signedIn.token, form!, applicant.id, 5);
    await recruiterPage.reload();
    await expect(section.getByRole('meter', { name: 'Коммуникация' })).toHaveAttribute(
      'aria-valuetext',
      '4,5 из 5',
    );
    await expect(section.getByRole('meter', { name: 'B2' })).toHaveAttribute('aria-valuetext', '1');
    await expect(section).toContainText('Рекомендую: 1 · Сомневаюсь: 1 · Не рекомендую: 0');
    await expect(
      section.getByRole('list', { name: 'Оценки кандидата' }).getByRole('listitem'),
    ).toHaveCount(2);

    // Neither the recruiter nor a hiring manager may open the builder.
    await recruiterPage.goto('/settings/candidate-evaluation-forms');
    await expectPath(recruiterPage, '/');
    await recruiterContext.close();

    const watcher = await addMember(request, signedIn, { member_type: 'watcher', is_admin: false });
    const watcherContext = await browser.newContext({ baseURL: APP_URL });
    await signInBrowser(watcherContext, watcher.token);
    const watcherPage = await watcherContext.newPage();
    await watcherPage.goto('/settings/candidate-evaluation-forms');
    await expectPath(watcherPage, '/');
    await expect(navigation(watcherPage)).toBeVisible();
    const refused = await request.post('/api/evaluations', {
      headers: { [AUTH_HEADER]: watcher.token },
      data: { name: 'Своя форма', criterions: [{ name: 'Текст', criterion_type: 'text' }] },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message).toBe('Формы оценки настраивает только администратор');
    await watcherContext.close();
  });
});
