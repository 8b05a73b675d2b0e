import { addMember, AUTH_HEADER, signInBrowser } from '../fixtures/api.ts';
import { analyticsCall, moscowDaysAgo, seedAnalytics } from '../fixtures/analytics.ts';
import { expect, test } from '../fixtures/test.ts';
import { expectPath, navigation } from '../fixtures/ui.ts';
import { APP_URL } from '../harness/ports.ts';

test.describe('analytics', () => {
  test('the seed lands on the days it names: the log says when each move happened', async ({
    request,
    control,
    account,
  }) => {
    const seed = await seedAnalytics(request, control, account);
    // Агеев: placed 200 days ago, then four moves, the last (hired) 180 days ago.
    const response = await request.get(
      `${APP_URL}/api/applications/${seed.applications['Агеев Антон']}`,
      { headers: { [AUTH_HEADER]: account.token } },
    );
    const { transitions } = (await response.json()).message as {
      transitions: { moved_at: string; kind: string }[];
    };
    const days = transitions.map((t) => t.moved_at);
    expect(days.map((d) => new Date(d).toISOString())).toEqual(
      [200, 199, 195, 185, 180].map((n, i) => new Date(moscowDaysAgo(n, i)).toISOString()),
    );
  });

  test('a watcher is refused: the screen sends home, the calls answer 403 in Russian', async ({
    page,
    context,
    request,
    account,
  }) => {
    const watcher = await addMember(request, account, { member_type: 'watcher', is_admin: false });
    await signInBrowser(context, watcher.token);
    await page.goto('/analytics');
    await expectPath(page, '/');
    await expect(navigation(page)).toBeVisible();
    await expect(navigation(page).getByRole('link', { name: 'Аналитика' })).toHaveCount(0);

    const refused = await analyticsCall(request, watcher.token, 'company_base_indicators');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/[а-яё]/i);
  });
});
