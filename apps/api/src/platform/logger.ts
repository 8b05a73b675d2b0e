import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';

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
        path: request.url.split('?')[0],
        reqId: request.id,
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
