import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/**
 * GETs `url` as the holder of `token`, past the remembered answers, and checks that the body is
 * byte for byte what `JSON.stringify` of the contract's parse writes — what a route that sends
 * its statement's JSON text (decision 0110) must send. Answers the parsed message.
 */
export async function readAsContractWrites<T extends z.ZodType>(
  app: FastifyInstance,
  token: string,
  url: string,
  message: T,
): Promise<z.infer<T>> {
  const response = await app.inject({
    method: 'GET',
    url,
    headers: { 'x-dcrt-hrm-auth': token, 'cache-control': 'no-cache' },
  });
  expect(response.statusCode, response.body).toBe(200);
  const parsed = successEnvelope(message).parse(JSON.parse(response.body)) as {
    message: z.infer<T>;
  };
  expect(response.body, url).toBe(JSON.stringify(parsed));
  return parsed.message;
}
