import { type Database, selectRows } from '@ats/db/connection';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { JobDefinition } from './queue.ts';

/**
 * Unexpected server errors go to a Sentry-protocol service (Sentry, GlitchTip…) with the user's
 * id, e-mail and tariff (SPEC.md §7 "Other"), behind this small interface. Without SENTRY_DSN the
 * SDK is not even loaded. Only what a person needs to find the bug is sent: the error, the method
 * and route pattern — never headers, cookies, the query string or the body (tokens, passwords).
 */
export type ErrorTracker = {
  /** Reports in the background: the answer to the client does not wait for it. */
  captureUnexpected: (error: unknown, request: FastifyRequest) => void;
  /** A background job that threw (each failed attempt; the queue retries it). */
  captureJobFailure: (error: unknown, job: { name: string; accountId?: number }) => void;
  /** Sends what is still queued (on shutdown, and in tests). */
  close: () => Promise<void>;
};

export const noErrorTracking: ErrorTracker = {
  captureUnexpected: () => undefined,
  captureJobFailure: () => undefined,
  close: () => Promise.resolve(),
};

type UserRow = { email: string; tariff_name: string | null };

/** The signed-in user's e-mail and current tariff: read only when something has gone wrong. */
async function findReportedUserAcrossAccounts(
  database: Database,
  accountId: number,
  userId: number,
) {
  const [row] = await selectRows<UserRow>(
    database.system,
    sql`
    select u.email, t.name as tariff_name
    from users u
    left join lateral (
      select name from account_tariffs where account_id = u.account_id order by end_at desc limit 1
    ) t on true
    where u.account_id = ${accountId} and u.id = ${userId}`,
  );
  return row ?? null;
}

export async function createErrorTracker(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<ErrorTracker> {
  if (!config.SENTRY_DSN) return noErrorTracking;
  const sentry = await import('@sentry/node');
  const client = new sentry.NodeClient({
    dsn: config.SENTRY_DSN,
    environment: config.NODE_ENV,
    transport: sentry.makeNodeTransport,
    stackParser: sentry.defaultStackParser,
    // Our own client, not the SDK's global one: no automatic instrumentation of the process, and
    // every server built in one process (the tests) reports on its own.
    integrations: [sentry.linkedErrorsIntegration()],
    sendDefaultPii: false,
    beforeSend(event) {
      if (event.request) {
        delete event.request.headers;
        delete event.request.cookies;
        delete event.request.data;
        delete event.request.query_string;
      }
      return event;
    },
  });
  client.init();

  const report = async (error: unknown, request: FastifyRequest) => {
    const scope = new sentry.Scope();
    scope.setClient(client);
    const route = request.routeOptions.url ?? request.url.split('?')[0]!;
    scope.setTransactionName(`${request.method} ${route}`);
    scope.setTag('route', route);
    scope.setTag('method', request.method);
    const session = request.session;
    if (session) {
      const user = await findReportedUserAcrossAccounts(
        database,
        session.accountId,
        session.userId,
      ).catch(() => null);
      scope.setUser({
        id: String(session.userId),
        ...(user ? { email: user.email } : {}),
        account_id: session.accountId,
        tariff_name: user?.tariff_name ?? null,
      });
      if (user?.tariff_name) scope.setTag('tariff', user.tariff_name);
    }
    client.captureException(error, {}, scope);
  };

  const notReported = (failure: unknown) =>
    log.warn({ err: failure }, 'error not reported to the error tracker');
  return {
    captureUnexpected(error, request) {
      report(error, request).catch(notReported);
    },
    captureJobFailure(error, job) {
      try {
        const scope = new sentry.Scope();
        scope.setClient(client);
        scope.setTransactionName(`job ${job.name}`);
        scope.setTag('job', job.name);
        if (job.accountId !== undefined) scope.setTag('account_id', String(job.accountId));
        client.captureException(error, {}, scope);
      } catch (failure) {
        notReported(failure);
      }
    },
    async close() {
      await client.close(2000);
    },
  };
}

/** The job as it was, its failures also reported (and still thrown, for the queue to retry). */
export function reportingFailures<P>(
  job: JobDefinition<P>,
  tracker: ErrorTracker,
): JobDefinition<P> {
  return {
    ...job,
    async handle(payload, context) {
      try {
        await job.handle(payload, context);
      } catch (error) {
        const accountId = (payload as { accountId?: unknown } | null)?.accountId;
        tracker.captureJobFailure(error, {
          name: job.name,
          ...(typeof accountId === 'number' ? { accountId } : {}),
        });
        throw error;
      }
    },
  };
}
