import type { FastifyRequest } from 'fastify';
import type { Config } from './config.ts';

/** Links in mails point at PUBLIC_URL, or at the address the request came to. */
export const publicUrlFor = (config: Config, request: FastifyRequest) =>
  (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
