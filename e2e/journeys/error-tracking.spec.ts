import { expect, test } from '../fixtures/test.ts';
import { navigation } from '../fixtures/ui.ts';

/** The tariff of a fresh account (TRIAL_TARIFF in the contracts). */
const TRIAL = 'trial';

// The harness runs the app with SENTRY_BROWSER_DSN pointing at its stand-in for the service.
test('an error thrown in the page reaches the error-tracking service with the signed-in user', async ({
  page,
  signedIn,
  control,
}) => {
  const sdkLoaded = page.waitForResponse((r) =>
    /\/assets\/error-tracking-sdk[^/]*\.js$/.test(r.url()),
  );
  await page.goto('/');
  await expect(navigation(page)).toBeVisible();
  await sdkLoaded;

  const message = `Сбой на странице ${signedIn.id}`;
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, message);

  const { report, event } = await control.waitForErrorReport(
    (e) => e.exception?.values?.[0]?.value === message,
    message,
  );
  expect(report.project).toBe('7');
  expect(event.exception.values[0].type).toBe('Error');
  expect(event.user).toMatchObject({
    id: String(signedIn.id),
    email: signedIn.email,
    tariff_name: TRIAL,
  });
  expect(event.tags).toMatchObject({ page: '/', tariff: TRIAL });
  expect(report.raw).not.toContain(signedIn.token);
  expect(report.raw).not.toContain(signedIn.password);
});
