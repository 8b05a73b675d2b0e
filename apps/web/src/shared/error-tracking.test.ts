import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fetchMock = vi.fn<typeof fetch>();
const answer = (code: number, message: unknown) =>
  new Response(JSON.stringify({ code, status: code === 200 ? 'success' : 'error', message }), {
    status: code,
    headers: { 'Content-Type': 'application/json' },
  });

// The module keeps what it started: each test loads it afresh.
const load = async () => {
  vi.resetModules();
  return import('./error-tracking');
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('error tracking in the browser', () => {
  it('stays off when the install names no DSN: one question to the server, nothing sent', async () => {
    fetchMock.mockResolvedValue(answer(200, { error_tracking_dsn: null, environment: 'test' }));
    const tracking = await load();
    expect(await tracking.startErrorTracking()).toBe(false);
    tracking.setErrorTrackingUser({ id: 1, email: 'anna@example.ru', tariff_name: 'trial' });
    tracking.reportError(new Error('сбой'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/client_config']);
  });

  it('stays off, without an error of its own, when the server cannot tell', async () => {
    fetchMock.mockResolvedValue(answer(500, 'Что-то пошло не так'));
    const tracking = await load();
    expect(await tracking.startErrorTracking()).toBe(false);
  });

  it('asks the server once however often it is started', async () => {
    fetchMock.mockResolvedValue(answer(200, { error_tracking_dsn: null, environment: 'test' }));
    const tracking = await load();
    await Promise.all([tracking.startErrorTracking(), tracking.startErrorTracking()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
