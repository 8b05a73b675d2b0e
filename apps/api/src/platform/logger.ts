import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

/**
 * Paths whose last segment is a secret — an outside approver's link, the page and its API — are
 * logged without it.
 */
const SECRET_PATH = /^(\/api\/public\/request_approvals\/|\/request-approval\/)[^/?]+/;

/** The path of a request as the log shows it: no query string, no secret segment. */
export const loggedPath = (url: string) => url.split('?')[0]!.replace(SECRET_PATH, '$1…');

/**
 * Request logs carry method, path, status and timing only: no query strings (searches name
 * people), headers (tokens, cookies) or bodies (passwords, personal data).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: [
      'req.headers',
      'headers.cookie',
      'headers["x-dcrt-hrm-auth"]',
      '*.password',
      '*.token',
    ],
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: loggedPath(request.url),
        reqId: request.id,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
