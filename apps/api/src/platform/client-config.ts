import { ZClientConfig } from '@ats/contracts/client-config';
import { successEnvelope } from '@ats/contracts/envelope';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { success } from './envelope.ts';

/** Where the browser reports its errors: its own project, else the server's; null: nowhere. */
export const browserErrorTrackingDsn = (config: Config) =>
  config.SENTRY_BROWSER_DSN ?? config.SENTRY_DSN ?? null;

/** The web app's settings that depend on the install, read at start instead of baked at build. */
export function registerClientConfig(app: FastifyInstance, config: Config) {
  const answer = success({
    // A DSN holds only the project's public key: browsers are meant to see it.
    error_tracking_dsn: browserErrorTrackingDsn(config),
    environment: config.NODE_ENV,
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/client_config',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['Служебное'],
        summary: 'Настройки веб-приложения этой установки (DSN для отчётов об ошибках)',
        response: { 200: successEnvelope(ZClientConfig) },
      },
    },
    async () => answer,
  );
}
