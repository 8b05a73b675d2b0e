import type { Db } from '@ats/db/connection';
import type { Tenant } from '../../platform/tenancy.ts';

// Where other modules hook into a new applicant (the consent request sent automatically, decision
// 0046): first inside the creating transaction (so the listener's rows and letters commit or roll
// back with the applicant), then once it has committed (to hand the letters over).

export type ApplicantCreatedListener = {
  inTransaction: (tx: Db, tenant: Tenant, applicantId: number) => Promise<void>;
  afterCommit: (tenant: Tenant, applicantId: number) => Promise<void>;
};

const listeners = new Set<ApplicantCreatedListener>();

/** Registers `listener` for every applicant created; answers a function that unregisters it. */
export function registerApplicantCreatedListener(listener: ApplicantCreatedListener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export async function announceCreatedInTransaction(tx: Db, tenant: Tenant, applicantId: number) {
  for (const listener of listeners) await listener.inTransaction(tx, tenant, applicantId);
}

/** After the commit: a listener's failure is its own; the applicant exists. */
export async function announceCreatedAfterCommit(tenant: Tenant, applicantId: number) {
  for (const listener of listeners) {
    await listener.afterCommit(tenant, applicantId).catch(() => undefined);
  }
}
