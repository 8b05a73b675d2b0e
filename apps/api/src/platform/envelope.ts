import { API_CODES, MESSAGES, type TErrorEnvelope } from '@ats/contracts/envelope';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './errors.ts';
import { type ErrorTracker, noErrorTracking } from './error-tracking.ts';

export const success = <T>(message: T) => ({
  code: 200 as const,
  status: 'success' as const,
  message,
});

const sendError = (reply: FastifyReply, body: TErrorEnvelope) => reply.code(body.code).send(body);

const fieldErrors = (error: FastifyError): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    errors[field] ??= issue.message ?? MESSAGES.validationFailed;
  }
  return errors;
};

/**
 * Every answer, the ones Fastify makes itself included, is the envelope {code, status, message}
 * with the HTTP status equal to code and a Russian message.
 */
export function registerEnvelope(
  app: FastifyInstance,
  spaFallback: ((request: FastifyRequest, reply: FastifyReply) => boolean) | null,
  errorTracker: ErrorTracker = noErrorTracking,
) {
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return reply;
    return sendError(reply, {
      code: API_CODES.notFound,
      status: 'error',
      message: `${MESSAGES.routeNotFound}: ${request.method} ${request.url.split('?')[0]}`,
    });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return sendError(reply, {
        code: error.code,
        status: 'error',
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrors(error);
      const messages = Object.values(errors);
      // One wrong field: its own sentence is the clearest message a client can show as a toast.
      return sendError(reply, {
        code: API_CODES.badRequest,
        status: 'error',
        message: messages.length === 1 ? messages[0]! : MESSAGES.validationFailed,
        errors,
      });
    }
    switch (error.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendError(reply, { code: 400, status: 'error', message: MESSAGES.malformedJson });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendError(reply, { code: 413, status: 'error', message: MESSAGES.payloadTooLarge });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendError(reply, {
          code: 415,
          status: 'error',
          message: 'Неподдерживаемый формат тела запроса: ожидается JSON',
        });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, {
        code: error.statusCode,
        status: 'error',
        message: error.statusCode === 404 ? MESSAGES.notFound : MESSAGES.validationFailed,
      });
    }
    if (isDatabaseUnavailable(error)) {
      // The server is restarting or unreachable: the pool reconnects on its own, the client
      // may try again shortly.
      request.log.warn({ err: error, reqId: request.id }, 'database unavailable');
      void reply.header('retry-after', '5');
      return sendError(reply, {
        code: 503,
        status: 'error',
        message: DATABASE_UNAVAILABLE,
      });
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    // Only the unexpected: the 4xx answers above are the client's mistakes, not bugs.
    errorTracker.captureUnexpected(error, request);
    return sendError(reply, {
      code: API_CODES.internal,
      status: 'error',
      message: MESSAGES.somethingWentWrong,
    });
  });
}
