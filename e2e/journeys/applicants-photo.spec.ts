import type { Page } from '@playwright/test';
import { createApplicant } from '../fixtures/applicants.ts';
import { expect, test } from '../fixtures/test.ts';
import { toast } from '../fixtures/ui.ts';

/** A real PNG of `width`×`height`, drawn by the browser: a gradient, so any crop is visible. */
async function pngOf(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#4338ca');
      gradient.addColorStop(1, '#f59e0b');
      context.fillStyle = gradient;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** The image's own pixel size once it has loaded. */
const naturalSize = (page: Page, name: string) =>
  page.getByRole('img', { name, exact: true }).evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  });

test.describe('the applicant photo on the card', () => {
  test('a picked photo is cropped square (zoom, keys), uploaded and shown at once; Esc cancels; a non-image is refused', async ({
    page,
    request,
    signedIn,
  }) => {
    const applicant = await createApplicant(request, signedIn.token, {
      last_name: 'Фотова',
      first_name: 'Дарья',
    });
    await page.goto(`/applicant/${applicant.id}`);
    await expect(page.getByRole('heading', { name: applicant.name })).toBeVisible();
    await page.getByRole('button', { name: 'Изменить', exact: true }).click();

    // A landscape picture: the crop makes it square.
    const wide = await pngOf(page, 1200, 800);
    await page
      .getByLabel('Загрузить фото')
      .setInputFiles({ name: 'портрет.png', mimeType: 'image/png', buffer: wide });
    const dialog = page.getByRole('dialog', { name: 'Кадрирование фото' });
    await expect(dialog).toBeVisible();
    const cropArea = dialog.getByLabel('Область кадрирования');
    await expect(cropArea).toBeFocused();
    const zoom = dialog.getByRole('slider', { name: 'Масштаб' });
    await expect(zoom).toHaveValue('1');

    // Zoom in with the button and with '+', move with an arrow key, save with Enter.
    await dialog.getByRole('button', { name: 'Увеличить' }).click();
    await cropArea.focus();
    await page.keyboard.press('+');
    await expect(zoom).toHaveValue('1.5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'Фото обновлено')).toBeVisible();

    const photo = page.getByRole('img', { name: 'Фото кандидата', exact: true });
    await expect(photo).toHaveAttribute('src', /^\/api\/files\/\d+$/);
    const firstSrc = (await photo.getAttribute('src'))!;
    // 800 px of height seen at 1.5× zoom: a square of about 533 px, not the whole picture.
    const [width, height] = await naturalSize(page, 'Фото кандидата');
    expect(width).toBe(height);
    expect(width).toBeGreaterThan(500);
    expect(width).toBeLessThan(560);
    const stored = await page.request.get(firstSrc);
    expect(stored.headers()['content-type']).toBe('image/jpeg');

    // Escape closes the crop and changes nothing.
    const big = await pngOf(page, 2000, 2000);
    await page
      .getByLabel('Заменить фото')
      .setInputFiles({ name: 'большое.png', mimeType: 'image/png', buffer: big });
    await expect(dialog).toBeVisible();
    await expect(cropArea).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(photo).toHaveAttribute('src', firstSrc);

    // A big square picture at zoom 1 is scaled down to 800×800, and the avatar changes.
    await page
      .getByLabel('Заменить фото')
      .setInputFiles({ name: 'большое.png', mimeType: 'image/png', buffer: big });
    await dialog.getByRole('button', { name: 'Сохранить' }).click();
    await expect(dialog).toBeHidden();
    await expect(photo).not.toHaveAttribute('src', firstSrc);
    expect(await naturalSize(page, 'Фото кандидата')).toEqual([800, 800]);

    // Not an image: the Russian error, and no crop dialog.
    await page.getByLabel('Заменить фото').setInputFiles({
      name: 'резюме.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('не картинка', 'utf8'),
    });
    await expect(page.getByRole('alert')).toHaveText('Выберите изображение: JPG, PNG или WebP');
    await expect(dialog).toBeHidden();

    // Out of editing, the card's avatar is the new photo, also after a reload.
    const newSrc = (await photo.getAttribute('src'))!;
    await page.getByRole('button', { name: 'Отмена' }).click();
    const avatar = page.locator(`img[src="${newSrc}"]`);
    await expect(avatar).toBeVisible();
    await page.reload();
    await expect(page.locator(`img[src="${newSrc}"]`)).toBeVisible();
  });

  test('in the new-applicant form the crop opens over the form: Esc leaves the form open, the cropped photo is created with the applicant', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.goto('/applicants');
    await page.getByRole('button', { name: 'Добавить кандидата' }).first().click();
    const form = page.getByRole('dialog', { name: 'Новый кандидат' });
    await expect(form).toBeVisible();
    const crop = page.getByRole('dialog', { name: 'Кадрирование фото' });
    const picture = await pngOf(page, 600, 900);

    await form
      .getByLabel('Загрузить фото')
      .setInputFiles({ name: 'фото.png', mimeType: 'image/png', buffer: picture });
    await expect(crop.getByLabel('Область кадрирования')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(crop).toBeHidden();
    await expect(form).toBeVisible();

    await form
      .getByLabel('Загрузить фото')
      .setInputFiles({ name: 'фото.png', mimeType: 'image/png', buffer: picture });
    await expect(crop.getByLabel('Область кадрирования')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(crop).toBeHidden();
    const preview = form.getByRole('img', { name: 'Фото кандидата', exact: true });
    await expect(preview).toHaveAttribute('src', /^data:image\/jpeg;base64,/);

    await form.getByLabel('Фамилия').fill('Кадрова');
    await form.getByRole('button', { name: 'Создать кандидата' }).click();
    await expect(page.getByRole('heading', { name: 'Кадрова' })).toBeVisible();
    // 600 px wide at zoom 1: the square is the picture's full width.
    const avatar = page.locator('img[src^="/api/files/"]').first();
    await expect(avatar).toBeVisible();
    const size = await avatar.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    });
    expect(size).toEqual([600, 600]);
  });
});
