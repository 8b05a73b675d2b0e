import type { APIRequestContext } from '@playwright/test';
import { addMember, AUTH_HEADER, uniqueEmail, type Member } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { APP_URL } from '../harness/ports.ts';

// An approver without an account decides on a hiring request from the link in their letter: the
// page opens without signing in, on a phone, and the link works once.

type Envelope<T> = { code: number; message: T };

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(`${APP_URL}/api${path}`, {
    method,
    headers: { [AUTH_HEADER]: token },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${method} ${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.message;
}

type RequestAnswer = {
  id: number;
  state: string;
  history?: { action: string; actor: { name: string; email: string | null } }[];
};

test.use({ viewport: { width: 360, height: 760 } });

test('an outside approver approves a request from the mailed link, once', async ({
  page,
  request,
  account,
  control,
}) => {
  const outside = uniqueEmail('finance-director');
  const template = await call<{ id: number }>(
    request,
    account.token,
    'POST',
    '/vacancy_application_templates',
    {
      name: 'Новая ставка',
      fields: [{ key: 'reason', name: 'Причина открытия', type: 'text', required: true }],
      steps: [
        {
          name: 'Финансовый директор',
          mode: 'any',
          approvers: [{ type: 'email', email: outside, name: 'Ольга Финансова' }],
        },
      ],
    },
  );
  const manager: Member = await addMember(request, account, {
    member_type: 'watcher',
    is_admin: false,
  });
  const created = await call<RequestAnswer>(
    request,
    manager.token,
    'POST',
    '/vacancy_applications',
    {
      template_id: template.id,
      position: 'Бухгалтер по расчёту заработной платы',
      salary_from: 90000,
      salary_to: 120000,
      needed: 2,
      body: '<p>Растёт штат, нужен второй расчётчик</p>',
      template_values: { reason: 'Расширение штата' },
    },
  );
  await call(request, manager.token, 'POST', `/vacancy_applications/${created.id}/submit`, {});

  const mail = await control.waitForMail(
    (m) => m.to.includes(outside),
    `approval letter to ${outside}`,
  );
  const link = /https?:\/\/\S+\/request-approval\/[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, `an approval link in the mail:\n${mail.text}`).toBeTruthy();
  const path = new URL(link!).pathname;

  // No session in this browser: the page opens all the same.
  await page.goto(path);
  const sheet = page.getByRole('article', { name: 'Заявка на подбор' });
  await expect(
    sheet.getByRole('heading', { name: 'Бухгалтер по расчёту заработной платы' }),
  ).toBeVisible();
  await expect(sheet.getByText(account.company)).toBeVisible();
  await expect(sheet.getByText(/Ольга Финансова, .* просит вас согласовать/)).toBeVisible();
  await expect(sheet.getByText('90 000 – 120 000 ₽')).toBeVisible();
  await expect(sheet.getByText('Расширение штата')).toBeVisible();
  await expect(
    sheet.getByRole('listitem').filter({ hasText: 'Финансовый директор' }),
  ).toHaveAttribute('aria-current', 'step');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Rejecting needs a comment: refused in the browser, nothing sent.
  await sheet.getByRole('button', { name: 'Отклонить' }).click();
  await expect(sheet.getByText('Напишите, почему заявка отклонена')).toBeVisible();

  // With the keyboard: a comment, then «Согласовать».
  await sheet.getByLabel('Комментарий').fill('Бюджет согласован');
  await sheet.getByRole('button', { name: 'Согласовать' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Спасибо, решение принято' })).toBeVisible();

  const after = await call<RequestAnswer>(
    request,
    manager.token,
    'GET',
    `/vacancy_applications/${created.id}`,
  );
  expect(after.state).toBe('approved');
  expect(after.history?.some((h) => h.action === 'approve' && h.actor.email === outside)).toBe(
    true,
  );

  // The link works once: opened again, it says so and offers no buttons.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Ссылка уже использована' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Согласовать' })).toHaveCount(0);
});
