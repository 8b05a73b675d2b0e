// A company connected to the hh.ru fake through the real OAuth flow, for the job-sites tests:
// connect → the fake's consent (it redirects at once) → our callback → the connection's id.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type SignedUp, signUpCompany } from './factories.ts';
import { call } from './test-app.ts';

export type HhConnected = SignedUp & { connectionId: number };

export async function connectedToHh(app: FastifyInstance): Promise<HhConnected> {
  const company = await signUpCompany(app);
  const start = await call(
    app,
    'POST',
    '/api/job_sites/connect',
    { site: 'hh' },
    {
      token: company.token,
    },
  );
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const consent = await fetch(start.body.message.url, { redirect: 'manual' });
  const location = new URL(consent.headers.get('location')!);
  const back = await app.inject({ method: 'GET', url: location.pathname + location.search });
  expect(back.headers.location).toBe('/hh?connected=1');
  const overview = await call(app, 'GET', '/api/job_sites', undefined, { token: company.token });
  return { ...company, connectionId: overview.body.message.connections[0].id };
}

export type JobSiteConnected = SignedUp & { connectionId: number };

/**
 * A company connected to the Avito fake (client credentials): the connect call's answer beside
 * the connection, so a test can check what the answer shows.
 */
export async function connectedToAvito(
  app: FastifyInstance,
  credentials: { client_id: string; client_secret: string },
): Promise<JobSiteConnected & { connectAnswer: { body: unknown } }> {
  const company = await signUpCompany(app);
  const answer = await call(
    app,
    'POST',
    '/api/job_sites/connect',
    { site: 'avito', ...credentials },
    { token: company.token },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const overview = await call(app, 'GET', '/api/job_sites', undefined, { token: company.token });
  return {
    ...company,
    connectionId: overview.body.message.connections[0].id,
    connectAnswer: answer,
  };
}
