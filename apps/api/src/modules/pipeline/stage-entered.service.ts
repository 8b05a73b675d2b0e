import { type Db, selectRows, statementName } from '@ats/db/connection';
import { intArray } from '@ats/db/sql-arrays';
import { sql } from 'drizzle-orm';
import type { Tenant } from '../../platform/tenancy.ts';

// Where stage automation hooks into the pipeline (decision 0041): every placement and move of an
// application announces the stage it entered, first inside the move's transaction (so the
// listener's own rows commit or roll back with the move), then once the move has committed.

export type StageEntered = {
  applicationId: number;
  /** Automated moves in a row that led here: 0 for a person's move. */
  automationDepth: number;
  /** The message for the applicant typed in the reject dialog (sent to a job site, if any). */
  siteMessage?: string | null;
};

/** The stage an application is on now, for listeners (job sites' states out, decision 0054). */
export type EnteredStage = {
  application_id: number;
  applicant_id: number;
  vacancy_id: number;
  status_id: number;
  /** The funnel's stage this vacancy stage was copied from, when it was. */
  copied_from_id: number | null;
  name: string;
  is_reject: boolean;
  reject_kind: string | null;
};

export function enteredStages(tx: Db, accountId: number, applicationIds: number[]) {
  const query = sql`select ap.id as application_id, ap.applicant_id, ap.vacancy_id, ap.status_id,
             s.copied_from_id, s.name, s.is_reject, s.reject_kind
      from applications ap
      join statuses s on s.account_id = ap.account_id and s.id = ap.status_id
      where ap.account_id = ${accountId}::int and ap.id = any(${intArray(applicationIds)})`;
  // Named: every move and placement reads it (decision 0095).
  return selectRows<EnteredStage>(tx, query, { name: statementName('entered_stages', query) });
}

export type StageEnteredListener = {
  inTransaction: (tx: Db, tenant: Tenant, entered: StageEntered[]) => Promise<void>;
  afterCommit: (tenant: Tenant, entered: StageEntered[]) => Promise<void>;
};

const listeners = new Set<StageEnteredListener>();

/** Registers `listener` for every entry into a stage; answers a function that unregisters it. */
export function registerStageEnteredListener(listener: StageEnteredListener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function announceInTransaction(tx: Db, tenant: Tenant, entered: StageEntered[]) {
  if (entered.length === 0) return;
  for (const listener of listeners) await listener.inTransaction(tx, tenant, entered);
}

/** After the commit: a listener's failure is its own; the move has happened. */
export async function announceAfterCommit(tenant: Tenant, entered: StageEntered[]) {
  if (entered.length === 0) return;
  for (const listener of listeners) {
    await listener.afterCommit(tenant, entered).catch(() => undefined);
  }
}
