import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  apiCall,
  apiDownload,
  apiRequest,
  apiUpload,
  dispositionFileName,
} from './api-client';
import { setSessionHandlers } from './session-events';
import { notify } from './toasts';

const reply = (code: number, message: unknown, extra: Record<string, unknown> = {}, headers = {}) =>
  new Response(
    JSON.stringify({ code, status: code === 200 ? 'success' : 'error', message, ...extra }),
    {
      status: code,
      headers: { 'Content-Type': 'application/json', ...headers },
    },
  );

const fetchMock = vi.fn<typeof fetch>();
const handlers = { onSessionLost: vi.fn(), onAccountInactive: vi.fn() };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setSessionHandlers(handlers);
  for (const key of ['success', 'error', 'info', 'warning', 'accountInactive'] as const) {
    vi.spyOn(notify, key).mockImplementation(() => 1);
  }
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  handlers.onSessionLost.mockReset();
  handlers.onAccountInactive.mockReset();
});

describe('api client', () => {
  it('sends JSON with same-origin credentials and unwraps the payload', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 7 }));
    const data = await apiRequest('/users/7', { method: 'PATCH', body: { a: 1 } });
    expect(data).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users/7');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
  });

  it('validates the payload with a contract schema', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 'x' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const result = await apiCall('/me', { schema: z.object({ id: z.number() }) });
    expect(result.ok).toBe(false);
  });

  it('shows the server message as an error toast for 5 s and keeps field errors', async () => {
    fetchMock.mockResolvedValue(
      reply(400, 'Проверьте поля', { errors: { email: 'Некорректный email' } }),
    );
    const result = await apiCall('/sign_up', { method: 'POST', body: {} });
    expect(result).toMatchObject({ ok: false, code: 400, errors: { email: 'Некорректный email' } });
    expect(notify.error).toHaveBeenCalledWith('Проверьте поля', 5000);
  });

  it.each([420, 421])('logs out on %i', async (code) => {
    fetchMock.mockResolvedValue(reply(code, 'Сессия истекла'));
    await apiCall('/vacancies');
    expect(handlers.onSessionLost).toHaveBeenCalledOnce();
  });

  it('does not treat "no session" as an event when session handling is off', async () => {
    fetchMock.mockResolvedValue(reply(420, 'Необходимо войти'));
    await apiCall('/me', { sessionHandling: false, errorToast: false });
    expect(handlers.onSessionLost).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the inactive-account toast on 419', async () => {
    fetchMock.mockResolvedValue(
      reply(419, 'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.'),
    );
    await apiCall('/account');
    expect(notify.accountInactive).toHaveBeenCalledOnce();
    expect(handlers.onAccountInactive).toHaveBeenCalledOnce();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('turns a thrown exception into code 520 with its message', async () => {
    fetchMock.mockRejectedValue(new Error('Failed to fetch'));
    const result = await apiCall('/me');
    expect(result).toEqual({ ok: false, code: 520, message: 'Failed to fetch' });
    fetchMock.mockRejectedValue(new Error(''));
    await expect(apiRequest('/me')).rejects.toMatchObject({
      code: 520,
      message: 'Неизвестная ошибка',
    });
    await expect(apiRequest('/me')).rejects.toBeInstanceOf(ApiError);
  });

  it('shows the success toast when asked', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 1 }));
    await apiCall('/tags', { method: 'POST', body: {}, successToast: true });
    expect(notify.success).toHaveBeenCalledWith('Операция выполнена успешно', 5000);
    fetchMock.mockResolvedValue(reply(200, 'Заявка отправлена'));
    await apiCall('/x', { method: 'POST', successToast: 'server' });
    expect(notify.success).toHaveBeenLastCalledWith('Заявка отправлена', 5000);
  });

  it('reads Retry-After on 429', async () => {
    fetchMock.mockResolvedValue(reply(429, 'Слишком много попыток', {}, { 'Retry-After': '30' }));
    const result = await apiCall('/auth/login', { method: 'POST', body: {} });
    expect(result).toMatchObject({ ok: false, code: 429, retryAfter: 30 });
  });
});

describe('file uploads', () => {
  it('posts the fields and then the file as multipart, leaving the boundary to the browser', async () => {
    fetchMock.mockResolvedValue(reply(200, { id: 3 }));
    const file = new File(['%PDF-1.4'], 'Резюме.pdf', { type: 'application/pdf' });
    const result = await apiUpload('/applicants/5/files', file, { fields: { kind: 'resume' } });
    expect(result).toEqual({ ok: true, code: 200, data: { id: 3 } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/applicants/5/files');
    expect(init?.method).toBe('POST');
    expect(init?.headers).not.toHaveProperty('Content-Type');
    const form = init?.body as FormData;
    expect([...form.keys()]).toEqual(['kind', 'file']);
    expect(form.get('kind')).toBe('resume');
    expect((form.get('file') as File).name).toBe('Резюме.pdf');
  });

  it('names a bare blob as asked', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    await apiUpload('/applicants/5/photo', new Blob(['x'], { type: 'image/jpeg' }), {
      fileName: 'photo.jpg',
    });
    const form = fetchMock.mock.calls[0]![1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('photo.jpg');
  });
});

describe('file downloads', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the UTF-8 name of a Content-Disposition before the ASCII one', () => {
    expect(
      dispositionFileName(
        `attachment; filename="applicants.xlsx"; filename*=UTF-8''${encodeURIComponent('Кандидаты 01.02.2026.xlsx')}`,
      ),
    ).toBe('Кандидаты 01.02.2026.xlsx');
    expect(dispositionFileName('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(dispositionFileName(null)).toBeNull();
  });

  it('returns the blob and its name, or the envelope error', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(
      new Response('PK', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="applicants.xlsx"',
        },
      }),
    );
    const file = await apiDownload('/applicants/bulk/export', { method: 'POST', body: {} });
    expect(file.ok && (await file.blob.text())).toBe('PK');
    expect(file.ok && file.fileName).toBe('applicants.xlsx');

    vi.mocked(fetch).mockResolvedValueOnce(reply(400, 'Выберите кандидатов'));
    const failed = await apiDownload('/applicants/bulk/export', { method: 'POST', body: {} });
    expect(failed).toMatchObject({ ok: false, code: 400, message: 'Выберите кандидатов' });
    expect(notify.error).toHaveBeenCalledWith('Выберите кандидатов', expect.any(Number));
  });
});
