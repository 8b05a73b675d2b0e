import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { AUTH_HEADER, addMember, signInBrowser } from '../fixtures/api.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, field, navigation, toast } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

// The dictionary settings pages: each main task done in the browser and seen again after a
// reload; a watcher is kept out of them by the route guard and by the API.

/** A real 1×1 PNG, built here so the upload goes through the server's content check. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 30, 90, 200]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const heading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 1, name: `Настройки — ${title}` });

/** Drags with the mouse in small steps, as dnd-kit's pointer sensor needs. */
async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, {
    steps: 5,
  });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('an admin renames the company, checks the ИНН, sets a logo, and the header follows', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/settings/account');
  await expect(heading(page, 'Аккаунт')).toBeVisible();
  const form = page.getByRole('form', { name: 'Данные компании' });
  await expect(field(form, 'Название компании')).toHaveValue(signedIn.company);

  await field(form, 'ИНН').fill('7707083894');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(form.getByText('ИНН с ошибкой: не сходится контрольное число')).toBeVisible();

  await field(form, 'Название компании').fill('ООО «Новые горизонты»');
  await field(form, 'ИНН').fill('7707083893');
  await form.getByRole('button', { name: 'Сохранить' }).click();
  await expect(toast(page, 'Настройки сохранены')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('ООО «Новые горизонты»')).toBeVisible();

  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await expect(toast(page, 'Логотип загружен')).toBeVisible();
  await expect(header.getByRole('img', { name: 'Логотип компании' })).toBeVisible();

  await page.reload();
  await expect(field(form, 'Название компании')).toHaveValue('ООО «Новые горизонты»');
  await expect(field(form, 'ИНН')).toHaveValue('7707083893');
  await expect(header.getByText('ООО «Новые горизонты»')).toBeVisible();
  await expect(header.getByRole('img', { name: 'Логотип компании' })).toBeVisible();
  await expect(page.getByText(/из 5 пользователей/)).toBeVisible();
});

test('an admin builds the division tree and moves a division by drag and by «Переместить в…»', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/settings/divisions');
  await expect(page.getByText('Подразделений пока нет')).toBeVisible();

  for (const name of ['Разработка', 'Продажи']) {
    await page.getByRole('button', { name: 'Добавить подразделение', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, 'Название').fill(name);
    await dialog.getByRole('button', { name: 'Добавить' }).click();
    await expect(toast(page, 'Подразделение добавлено').first()).toBeVisible();
    await expect(page.getByRole('listitem', { name })).toBeVisible();
  }
  await page.getByRole('button', { name: 'Добавить подразделение в «Разработка»' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новое подразделение в «Разработка»' });
  await field(dialog, 'Название').fill('Бэкенд');
  await dialog.getByRole('button', { name: 'Добавить' }).click();
  const tree = page.getByRole('list', { name: 'Дерево подразделений' });
  const development = tree.getByRole('listitem', { name: 'Разработка' });
  await expect(development.getByRole('listitem', { name: 'Бэкенд' })).toBeVisible();

  // Drag «Бэкенд» to the top level.
  await dragTo(
    page,
    page.getByRole('button', { name: 'Перетащить «Бэкенд»' }),
    page.getByTestId('divisions-top-level'),
  );
  await expect(toast(page, 'Подразделение перемещено')).toBeVisible();
  await expect(development.getByRole('listitem', { name: 'Бэкенд' })).toHaveCount(0);
  await page.reload();
  await expect(tree.locator(':scope > li')).toHaveCount(3);
  await expect(development.getByRole('listitem', { name: 'Бэкенд' })).toHaveCount(0);

  // The keyboard's way: «Переместить в…» puts it under «Продажи».
  await page.getByRole('button', { name: 'Переместить «Бэкенд» в…' }).click();
  const move = page.getByRole('dialog', { name: 'Переместить «Бэкенд»' });
  await field(move, 'Куда').selectOption({ label: 'Продажи' });
  await move.getByRole('button', { name: 'Переместить' }).click();
  await expect(
    tree.getByRole('listitem', { name: 'Продажи' }).getByRole('listitem', { name: 'Бэкенд' }),
  ).toBeVisible();
  await page.reload();
  await expect(
    tree.getByRole('listitem', { name: 'Продажи' }).getByRole('listitem', { name: 'Бэкенд' }),
  ).toBeVisible();
});

test('an admin creates a coloured tag, a candidate’s reject reason and a source it then switches off', async ({
  page,
  signedIn,
}) => {
  expect(signedIn.token).toBeTruthy();
  await page.goto('/settings/tags');
  await expect(page.getByText('Тегов пока нет')).toBeVisible();
  await page.getByRole('button', { name: 'Новый тег' }).click();
  const tagDialog = page.getByRole('dialog', { name: 'Новый тег' });
  await field(tagDialog, 'Название').fill('Срочно');
  await tagDialog.getByRole('radio', { name: 'Красный' }).click();
  await field(tagDialog, 'Цвет (HEX)').fill('#d7b100');
  await field(tagDialog, 'Описание').fill('Закрыть до конца месяца');
  await tagDialog.getByRole('button', { name: 'Создать' }).click();
  await expect(toast(page, 'Тег создан')).toBeVisible();
  await page.reload();
  const tag = page.getByRole('listitem', { name: 'Срочно' });
  await expect(tag).toContainText('#D7B100');
  await expect(tag).toContainText('Закрыть до конца месяца');
  await expect(tag).toContainText('0 кандидатов');

  await page.goto('/settings/reject-reasons');
  await page.getByRole('tab', { name: 'Отказ кандидата' }).click();
  const form = page.getByRole('form', { name: 'Новая причина: Отказ кандидата' });
  await field(form, 'Новая причина').fill('Ушёл в декрет');
  await form.getByRole('button', { name: 'Добавить' }).click();
  await expect(toast(page, 'Причина добавлена')).toBeVisible();
  await page.reload();
  await page.getByRole('tab', { name: 'Отказ кандидата' }).click();
  const refusals = page.getByRole('list', { name: 'Причины: Отказ кандидата' });
  await expect(refusals.getByRole('listitem', { name: 'Ушёл в декрет' })).toBeVisible();
  await page.getByRole('tab', { name: 'Отказ компании' }).click();
  await expect(page.getByRole('listitem', { name: 'Ушёл в декрет' })).toHaveCount(0);

  await page.goto('/settings/resume/sources');
  await page.getByRole('button', { name: 'Новый источник' }).click();
  const sourceDialog = page.getByRole('dialog', { name: 'Новый источник' });
  await field(sourceDialog, 'Название').fill('Ярмарка вакансий');
  await field(sourceDialog, 'Сокращение').fill('ЯВ');
  await sourceDialog.getByRole('button', { name: 'Добавить' }).click();
  await expect(toast(page, 'Источник добавлен')).toBeVisible();
  const active = page.getByRole('switch', { name: 'Источник «Ярмарка вакансий» активен' });
  await expect(active).toHaveAttribute('aria-checked', 'true');
  await active.click();
  await expect(toast(page, 'Источник выключен')).toBeVisible();
  await page.reload();
  await expect(active).toHaveAttribute('aria-checked', 'false');
  // A new source goes last.
  await expect(
    page.getByRole('list', { name: 'Источники резюме' }).locator(':scope > li').last(),
  ).toHaveAttribute('aria-label', 'Ярмарка вакансий');
});

test('a watcher reaches none of these pages and the API refuses its changes', async ({
  page,
  context,
  request,
  account,
}) => {
  const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: true });
  await signInBrowser(context, watcher.token);
  for (const path of [
    '/settings',
    '/settings/account',
    '/settings/divisions',
    '/settings/tags',
    '/settings/reject-reasons',
    '/settings/resume/sources',
    '/settings/services',
    '/settings/automation',
  ]) {
    await page.goto(path);
    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
  }

  const headers = { [AUTH_HEADER]: watcher.token };
  const refusals = [
    await request.patch(`${APP_URL}/api/account/account_settings`, {
      headers,
      data: { company_name: 'Захват' },
    }),
    await request.post(`${APP_URL}/api/account_divisions`, { headers, data: { name: 'Отдел' } }),
    await request.post(`${APP_URL}/api/tags`, { headers, data: { name: 'Тег' } }),
    await request.post(`${APP_URL}/api/reasons`, {
      headers,
      data: { name: 'Причина', reason_type: 'refuse' },
    }),
    await request.post(`${APP_URL}/api/account_sources`, { headers, data: { name: 'Источник' } }),
  ];
  for (const response of refusals) {
    expect(response.status()).toBe(403);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(/^(Нет прав|Изменять)/);
  }
  const company = await request.get(`${APP_URL}/api/account`, {
    headers: { [AUTH_HEADER]: account.token },
  });
  expect(((await company.json()) as { message: { name: string } }).message.name).toBe(
    account.company,
  );
});
