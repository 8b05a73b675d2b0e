import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from './auth.queries';

const reply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the login call of the web app', () => {
  it('signs in as the web source and returns the token', async () => {
    fetchMock.mockResolvedValue(
      reply(200, { code: 200, status: 'success', message: { auth_token: 't' } }),
    );
    const result = await login({ email: 'a@b.ru', password: 'secret-123' });
    expect(result).toEqual({ ok: true, code: 200, data: { auth_token: 't' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'a@b.ru',
      password: 'secret-123',
      source: 'web',
    });
  });

  it('hands over the challenge when the account asks for a code', async () => {
    fetchMock.mockResolvedValue(
      reply(401, {
        code: 401,
        status: 'error',
        message: 'Включён двухфакторный вход: введите код из приложения-аутентификатора',
        two_factor_required: true,
        challenge: 'challenge-token',
        challenge_expires_in: 300,
      }),
    );
    const result = await login({ email: 'a@b.ru', password: 'secret-123' });
    expect(result).toMatchObject({
      ok: false,
      code: 401,
      twoFactor: { challenge: 'challenge-token' },
    });
  });

  it('passes a refusal on with its message, field errors and wait time', async () => {
    fetchMock.mockResolvedValueOnce(
      reply(400, { code: 400, status: 'error', message: 'Неверный email или пароль' }),
    );
    expect(await login({ email: 'a@b.ru', password: 'x' })).toEqual({
      ok: false,
      code: 400,
      message: 'Неверный email или пароль',
    });
    fetchMock.mockResolvedValueOnce(
      reply(
        429,
        { code: 429, status: 'error', message: 'Слишком много попыток. Попробуйте позже' },
        { 'Retry-After': '60' },
      ),
    );
    expect(await login({ email: 'a@b.ru', password: 'x' })).toMatchObject({
      code: 429,
      retryAfter: 60,
    });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await login({ email: 'a@b.ru', password: 'x' })).toMatchObject({
      ok: false,
      message: 'Failed to fetch',
    });
  });
});
