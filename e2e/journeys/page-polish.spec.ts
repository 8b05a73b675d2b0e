import { createApplicant } from '../fixtures/applicants.ts';
import { watchConsole } from '../fixtures/screens.ts';
import { expect, test } from '../fixtures/test.ts';
import { navigation } from '../fixtures/ui.ts';

// The smaller things a new user tripped on (issue 20, item 15). The mail-template dialog that
// closes on «Сохранить» is in settings-mail-templates.spec.ts; the favicon across a new build in
// web-build.spec.ts.

test('a first load draws without React Router warning of a missing HydrateFallback, and the favicon loads', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const console = watchConsole(page);
  const favicon = page.waitForResponse((response) =>
    new URL(response.url()).pathname.endsWith('/favicon.svg'),
  );
  await page.goto('/');
  await expect(navigation(page)).toBeVisible();
  const icon = await favicon;
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  await page.goto('/applicants');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(console.take()).toEqual([]);
});

test('the merge screen reads both cards without a contract mismatch', async ({
  page,
  request,
  signedIn,
}) => {
  const token = signedIn.token;
  const first = await createApplicant(request, token, {
    last_name: 'Прохорова',
    first_name: 'Ирина',
    phone: '+7 (912) 345-67-89',
    email: 'irina.prokhorova@example.ru',
  });
  const second = await createApplicant(request, token, {
    last_name: 'Prokhorova',
    first_name: 'Irina',
    phone: '8 912 345 67 89',
  });
  const console = watchConsole(page);
  await page.goto(`/applicant/double?first=${first.id}&second=${second.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Сравнение кандидатов' })).toBeVisible();
  await expect(page.getByLabel('Карточка после объединения')).toContainText('+7 912 345-67-89');
  await page.waitForLoadState('networkidle');
  expect(console.take()).toEqual([]);
});

test('the home filters share one row on a wide screen', async ({ page, signedIn }) => {
  void signedIn;
  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Поиск вакансий' });
  await expect(search).toBeVisible();
  const controls = [
    search,
    page.getByRole('combobox', { name: 'Подразделение' }),
    page.getByRole('combobox', { name: 'Ответственный' }),
    page.getByRole('combobox', { name: 'Приоритет' }),
    page.getByRole('combobox', { name: 'Группировка' }),
  ];
  const boxes = await Promise.all(controls.map(async (control) => (await control.boundingBox())!));
  for (const box of boxes) {
    expect(box.y, 'every filter on the search box row').toBeCloseTo(boxes[0]!.y, 0);
    expect(box.width, 'no filter takes the whole width').toBeLessThan(400);
  }
});
