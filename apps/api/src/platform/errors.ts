import { API_CODES, MESSAGES } from '@ats/contracts/envelope';

/** A failure the client caused or may see: answered with its code and Russian message. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string = MESSAGES.notFound) =>
  new AppError(API_CODES.notFound, message);
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new AppError(API_CODES.forbidden, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError(API_CODES.conflict, message, errors);
export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(API_CODES.badRequest, message, errors);
export const tooManyAttempts = (
  retryAfterSeconds: number,
  message: string = MESSAGES.tooManyAttempts,
) =>
  new AppError(API_CODES.tooManyRequests, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** PostgreSQL's unique_violation, as either driver reports it (drizzle wraps it in `cause`). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

export const DATABASE_UNAVAILABLE = 'База данных недоступна, повторите попытку';

/** SQLSTATEs of a server that is gone, going or not yet back (class 08, 57P01–57P03). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Socket failures on the way to the server. */
const UNAVAILABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** node-postgres reports a lost or refused connection with these messages and no code. */
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/** drizzle's wrapper of a driver error: "Failed query: …" with the driver's error as `cause`. */
const isDrizzleWrapper = (message: unknown) =>
  typeof message === 'string' && message.startsWith('Failed query');

/**
 * Whether `error` says the database server cannot be reached (down, restarting, refusing
 * connections), as either driver reports it: drizzle wraps the driver's error in `cause`, and a
 * connection refused on every address is an AggregateError of them. Such a request is answered
 * 503 and may be retried; nothing it did was committed unless it was acknowledged.
 *
 * A bare socket code counts only where the driver puts it (the error itself, drizzle's wrapper,
 * an AggregateError): a refused connection to a mail or chat server that a caller let through
 * (`fetch failed` with that code in its `cause`) is not the database.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (typeof code === 'string' && UNAVAILABLE_SOCKET.has(code)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) {
    return true;
  }
  return isDrizzleWrapper(message) && isDatabaseUnavailable(cause, depth + 1);
}
