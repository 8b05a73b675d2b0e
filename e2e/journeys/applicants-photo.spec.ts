import type { Locator, Page } from '@playwright/test';
import { AUTH_HEADER } from '../fixtures/api.ts';
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

/** The stored photo's own pixel size: the file the image shows a scaled copy of. */
const storedSize = (image: Locator) =>
  image.evaluate(async (img: HTMLImageElement) => {
    const stored = new Image();
    stored.src = img.getAttribute('src')!.replace(/\?.*$/, '');
    await stored.decode();
    return [stored.naturalWidth, stored.naturalHeight];
  });

/**
 * Which copy the browser took for an image with a srcset, and that copy's pixel size (the image's
 * own natural size is divided by the density its srcset entry declares, so it is read anew).
 */
const loadedCopy = (image: Locator) =>
  image.evaluate(async (img: HTMLImageElement) => {
    await img.decode();
    const copy = new Image();
    copy.src = img.currentSrc;
    await copy.decode();
    return { url: img.currentSrc, size: [copy.naturalWidth, copy.naturalHeight] };
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
    // The field shows the stored photo scaled to its 64 px box.
    await expect(photo).toHaveAttribute('src', /^\/api\/files\/\d+\?size=64&density=1$/);
    const firstSrc = (await photo.getAttribute('src'))!;
    // 800 px of height seen at 1.5× zoom: a square of about 533 px, not the whole picture.
    const [width, height] = await storedSize(photo);
    expect(width).toBe(height);
    expect(width).toBeGreaterThan(500);
    expect(width).toBeLessThan(560);
    const stored = await page.request.get(firstSrc.replace(/\?.*$/, ''));
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
    expect(await storedSize(photo)).toEqual([800, 800]);

    // Not an image: the Russian error, and no crop dialog.
    await page.getByLabel('Заменить фото').setInputFiles({
      name: 'резюме.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('не картинка', 'utf8'),
    });
    await expect(page.getByRole('alert')).toHaveText('Выберите изображение: JPG, PNG или WebP');
    await expect(dialog).toBeHidden();

    // Out of editing, the card's avatar is the new photo, also after a reload.
    const newFile = (await photo.getAttribute('src'))!.replace(/\?.*$/, '');
    await page.getByRole('button', { name: 'Отмена' }).click();
    // The card's avatar is 80 px.
    const avatar = page.locator(`img[src="${newFile}?size=80&density=1"]`);
    await expect(avatar).toBeVisible();
    await page.reload();
    await expect(avatar).toBeVisible();
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
    expect(await storedSize(avatar)).toEqual([600, 600]);
  });
});

// SPEC.md §9: photos in two sizes, the page picking by the screen's density.
for (const density of [1, 2] as const) {
  test.describe(`on a screen of density ${density}`, () => {
    test.use({ deviceScaleFactor: density });

    test(`the card's 80 px avatar loads the ${density}x copy, ${80 * density} px`, async ({
      page,
      request,
      signedIn,
    }) => {
      const applicant = await createApplicant(request, signedIn.token, { last_name: 'Чёткова' });
      await page.goto('/applicants');
      const square = await pngOf(page, 400, 400);
      const uploaded = await request.post(`/api/applicants/${applicant.id}/photo`, {
        headers: { [AUTH_HEADER]: signedIn.token },
        multipart: { file: { name: 'фото.png', mimeType: 'image/png', buffer: square } },
      });
      expect(uploaded.status()).toBe(200);
      await page.goto(`/applicant/${applicant.id}`);
      await expect(page.getByRole('heading', { name: applicant.name })).toBeVisible();
      const avatar = page.locator('img[srcset*="size=80"]');
      await expect(avatar).toHaveAttribute(
        'srcset',
        /^\/api\/files\/\d+\?size=80&density=1 1x, \/api\/files\/\d+\?size=80&density=2 2x$/,
      );
      const copy = await loadedCopy(avatar);
      expect(copy.url).toMatch(new RegExp(`\\?size=80&density=${density}$`));
      expect(copy.size).toEqual([80 * density, 80 * density]);
    });
  });
}
