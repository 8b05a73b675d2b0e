import type { z } from 'zod';
import { API_CODES, MESSAGES } from '@ats/contracts/envelope';
import { takePrefetchedAnswer } from './prefetched-answers';
import { sessionEvents } from './session-events';
import { API_TOAST_MS, notify } from './toasts';

export const THROWN_ERROR_CODE = 520;

export type FieldErrors = Record<string, string>;

export type ApiResult<T> =
  | { ok: true; code: 200; data: T }
  | { ok: false; code: number; message: string; errors?: FieldErrors; retryAfter?: number };

export class ApiError extends Error {
  readonly code: number;
  readonly errors: FieldErrors | undefined;
  constructor(code: number, message: string, errors?: FieldErrors) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.errors = errors;
  }
}

export type ApiOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData goes as multipart/form-data (the browser sets the boundary). */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** Validates the success payload against a contract schema. */
  schema?: z.ZodType<T>;
  /** Shows an error toast for a non-200 answer (default on). */
  errorToast?: boolean;
  /** true → 'Операция выполнена успешно'; 'server' → the server's own text; a string → it. */
  successToast?: boolean | 'server' | string;
  /** Off for probes such as GET /api/me, where "no session" is an answer, not an event. */
  sessionHandling?: boolean;
  signal?: AbortSignal;
};

type Envelope = { code?: unknown; status?: unknown; message?: unknown; errors?: unknown };

function buildUrl(path: string, query: ApiOptions<unknown>['query']): string {
  const url = `/api${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

async function readEnvelope(response: Response): Promise<Envelope | null> {
  try {
    return asEnvelope(await response.json());
  } catch {
    return null;
  }
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function showSuccessToast(option: ApiOptions<unknown>['successToast'], payload: unknown) {
  if (!option) return;
  const text =
    option === 'server'
      ? typeof payload === 'string'
        ? payload
        : MESSAGES.operationSucceeded
      : option === true
        ? MESSAGES.operationSucceeded
        : option;
  notify.success(text, API_TOAST_MS);
}

/** Sends a request to /api and returns the parsed envelope; never throws. */
export async function apiCall<T = unknown>(
  path: string,
  options: ApiOptions<T> = {},
): Promise<ApiResult<T>> {
  const { method = 'GET', body } = options;
  // The answer the page or a screen endpoint already brought (shared/prefetched-answers.ts):
  // its envelope is the object parsed from the page once, checked here like a fetched one.
  const prefetched = method === 'GET' ? takePrefetchedAnswer(buildUrl(path, options.query)) : null;
  if (prefetched) {
    const envelope = asEnvelope(prefetched.body);
    const ok = prefetched.status >= 200 && prefetched.status < 300;
    return settle(envelope, prefetched.status, ok, null, path, options);
  }
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  const sent = await send(path, options, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    signal: options.signal,
  });
  if (!sent.ok) return sent;
  const response = sent.response;
  const envelope = await readEnvelope(response);
  return settle(envelope, response.status, response.ok, response.headers, path, options);
}

function asEnvelope(body: unknown): Envelope | null {
  return body && typeof body === 'object' ? (body as Envelope) : null;
}

/** An answer's envelope turned into the result: the payload checked against its contract. */
function settle<T>(
  envelope: Envelope | null,
  status: number,
  statusOk: boolean,
  headers: Headers | null,
  path: string,
  options: ApiOptions<T>,
): ApiResult<T> {
  const { method = 'GET', schema, errorToast = true } = options;
  const code = typeof envelope?.code === 'number' ? envelope.code : status;

  // 201: a public booking made (event-booking); every other success is 200.
  if ((code === API_CODES.ok || code === 201) && statusOk) {
    let data = envelope?.message as T;
    if (schema) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        console.error(`Ответ ${method} ${path} не совпал с контрактом`, parsed.error.issues);
        if (errorToast) notify.error(MESSAGES.somethingWentWrong, API_TOAST_MS);
        return { ok: false, code: THROWN_ERROR_CODE, message: MESSAGES.somethingWentWrong };
      }
      data = parsed.data;
    }
    showSuccessToast(options.successToast, data);
    return { ok: true, code: 200, data };
  }

  return failure(headers, envelope, code, options);
}

type Failure = Extract<ApiResult<never>, { ok: false }>;

/** fetch that turns a network failure into a result (with its toast) instead of throwing. */
async function send(
  path: string,
  options: ApiOptions<unknown>,
  init: RequestInit,
): Promise<{ ok: true; response: Response } | Failure> {
  try {
    return { ok: true, response: await fetch(buildUrl(path, options.query), init) };
  } catch (error) {
    const message = (error instanceof Error && error.message) || MESSAGES.unknownError;
    if (
      options.errorToast !== false &&
      !(error instanceof DOMException && error.name === 'AbortError')
    ) {
      notify.error(message, API_TOAST_MS);
    }
    return { ok: false, code: THROWN_ERROR_CODE, message };
  }
}

/** An error answer: the session events (419/420), the toast, the result. */
function failure(
  headers: Headers | null,
  envelope: Envelope | null,
  code: number,
  options: ApiOptions<unknown>,
): Failure {
  const { errorToast = true, sessionHandling = true } = options;
  const message =
    typeof envelope?.message === 'string' ? envelope.message : MESSAGES.somethingWentWrong;
  const errors = isFieldErrors(envelope?.errors) ? envelope.errors : undefined;
  const retryAfterHeader = Number(headers?.get('Retry-After'));
  const retryAfter =
    Number.isFinite(retryAfterHeader) && retryAfterHeader > 0 ? retryAfterHeader : undefined;

  if (sessionHandling && (code === API_CODES.sessionMissing || code === API_CODES.sessionExpired)) {
    sessionEvents.sessionLost();
  } else if (sessionHandling && code === API_CODES.accountInactive) {
    notify.accountInactive();
    sessionEvents.accountInactive(message);
  } else if (errorToast) {
    notify.error(message, API_TOAST_MS);
  }
  return {
    ok: false,
    code,
    message,
    ...(errors ? { errors } : {}),
    ...(retryAfter ? { retryAfter } : {}),
  };
}

/** Like apiCall, but returns the payload and throws ApiError otherwise (for TanStack Query). */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiOptions<T> = {},
): Promise<T> {
  const result = await apiCall(path, options);
  if (result.ok) return result.data;
  throw new ApiError(result.code, result.message, result.errors);
}

/**
 * POSTs a file as multipart/form-data in the `file` field every upload route reads, after the
 * given text fields. The file goes under its own name unless `fileName` says otherwise.
 */
export function apiUpload<T = unknown>(
  path: string,
  file: Blob,
  options: Omit<ApiOptions<T>, 'method' | 'body'> & {
    fileName?: string;
    fields?: Record<string, string>;
  } = {},
): Promise<ApiResult<T>> {
  const { fileName, fields = {}, ...rest } = options;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, fileName ?? (file instanceof File ? file.name : 'file'));
  return apiCall(path, { ...rest, method: 'POST', body: form });
}

export type DownloadResult = { ok: true; blob: Blob; fileName: string | null } | Failure;

/** The file name of a Content-Disposition: the RFC 5987 `filename*` first, then `filename`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A broken encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * A request whose success is a file (xlsx, …) rather than an envelope. Errors still come as the
 * envelope and are handled like apiCall's (toast, 419/420).
 */
export async function apiDownload(
  path: string,
  options: Omit<ApiOptions<never>, 'schema' | 'successToast'> = {},
): Promise<DownloadResult> {
  const { method = 'GET', body } = options;
  const sent = await send(path, options, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: options.signal,
  });
  if (!sent.ok) return sent;
  const response = sent.response;
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    const fileName = dispositionFileName(response.headers.get('Content-Disposition'));
    return { ok: true, blob: await response.blob(), fileName };
  }
  const envelope = await readEnvelope(response);
  const code = typeof envelope?.code === 'number' ? envelope.code : response.status;
  return failure(
    response.headers,
    envelope,
    code === API_CODES.ok ? THROWN_ERROR_CODE : code,
    options,
  );
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
