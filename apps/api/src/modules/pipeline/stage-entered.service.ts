import type { Db } from '@ats/db/connection';
import type { Tenant } from '../../platform/tenancy.ts';

// Where stage automation hooks into the pipeline (decision 0041): every placement and move of an
// application announces the stage it entered, first inside the move's transaction (so the
// listener's own rows commit or roll back with the move), then once the move has committed.

export type StageEntered = {
  applicationId: number;
  /** Automated moves in a row that led here: 0 for a person's move. */
  automationDepth: number;
};

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
