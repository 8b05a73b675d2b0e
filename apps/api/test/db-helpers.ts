import { type Database, selectRows } from '@ats/db/connection';
import type { SQL } from 'drizzle-orm';

/** Rows of a hand-written query on the owner connection (no row-level security). */
export const systemRows = <T = Record<string, unknown>>(database: Database, query: SQL) =>
  selectRows<T>(database.system, query);

/** Rows of a hand-written query inside one account's transaction (row-level security applies). */
export const tenantRows = <T = Record<string, unknown>>(
  database: Database,
  accountId: number,
  query: SQL,
) => database.withTenant(accountId, (tx) => selectRows<T>(tx, query));

/** A free TCP port on loopback that nothing listens on (for "the SMTP server is down"). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
