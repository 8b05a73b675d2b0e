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
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new AppError(API_CODES.tooManyRequests, MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** PostgreSQL's unique_violation, as either driver reports it (drizzle wraps it in `cause`). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
