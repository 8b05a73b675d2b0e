import { AsyncLocalStorage } from 'node:async_hooks';
import type { TAuditAction } from '@ats/contracts/audit';
import type { Database, Db } from '@ats/db/connection';
import { auditEvents } from '@ats/db/schema/audit-events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Tenant } from './tenancy.ts';

// The audit log (decision 0015). An action records its event in its own transaction, so an action
// that rolls back leaves none. Where the request came from is taken from the request being
// served, so services record without passing it along.

/** Where an action came from: the client's address and browser. */
export type AuditOrigin = { ip: string | null; userAgent: string | null };

const NO_ORIGIN: AuditOrigin = { ip: null, userAgent: null };
const MAX_USER_AGENT = 500;
const MAX_TYPED_EMAIL = 254;

const origins = new AsyncLocalStorage<AuditOrigin>();

/** Every request carries its origin to the events it records (registered before the routes). */
export function registerAuditOrigin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    const agent = request.headers['user-agent'];
    origins.run(
      { ip: request.ip || null, userAgent: agent ? agent.slice(0, MAX_USER_AGENT) : null },
      done,
    );
  });
}

/** The origin of the request being served; none outside a request (jobs, the demo seed). */
export const currentAuditOrigin = (): AuditOrigin => origins.getStore() ?? NO_ORIGIN;

/** Keys whose values never reach the log, at any depth: passwords, hashes, tokens, secrets. */
const SECRET_KEY = /pass(word)?|hash|token|secret|otp|recovery|api_?key|credential|challenge/i;

/** A copy without any secret-named key, at any depth. */
export function withoutSecrets<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutSecrets) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !SECRET_KEY.test(key))
        .map(([key, inner]) => [key, withoutSecrets(inner)]),
    ) as T;
  }
  return value;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date);

/** `{a: {b: 1}}` → `{'a.b': 1}`, so a change of one right shows as one line. */
function flatten(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (isPlainObject(inner)) Object.assign(flat, flatten(inner, `${prefix}${key}.`));
    else flat[`${prefix}${key}`] = inner instanceof Date ? inner.toISOString() : inner;
  }
  return flat;
}

export type AuditChange = { from: unknown; to: unknown };

/**
 * What differs between two states, `{field: {from, to}}`, nested fields named with dots. Only
 * fields present in `after` count (a partial update names what it set); secrets are left out.
 */
export function changesBetween(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, AuditChange> {
  const was = flatten(withoutSecrets(before));
  const now = flatten(withoutSecrets(after));
  const changes: Record<string, AuditChange> = {};
  for (const [key, to] of Object.entries(now)) {
    if (to === undefined) continue;
    const from = was[key] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from, to };
  }
  return changes;
}

export type AuditEvent = {
  action: TAuditAction;
  target?: { type: string; id: number | null };
  /** One short Russian sentence for the list. */
  summary: string;
  changes?: Record<string, unknown>;
};

/** Who acted: a user of the account, or (a failed sign-in) an address someone typed. */
export type AuditActor = { accountId: number; userId: number | null; email?: string | null };

/** Appends one event inside the caller's transaction: it stays only if the action commits. */
export async function recordAudit(
  tx: Db,
  actor: AuditActor | Pick<Tenant, 'accountId' | 'userId'>,
  event: AuditEvent,
  origin: AuditOrigin = currentAuditOrigin(),
) {
  await tx.insert(auditEvents).values({
    accountId: actor.accountId,
    actorUserId: actor.userId,
    actorEmail: 'email' in actor ? (actor.email?.slice(0, MAX_TYPED_EMAIL) ?? null) : null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target?.id ?? null,
    summary: event.summary,
    changes: withoutSecrets(event.changes ?? {}),
    ip: origin.ip,
    userAgent: origin.userAgent,
  });
}

const DELETED = {
  applicant: 'applicant.deleted',
  vacancy: 'vacancy.deleted',
  tag: 'tag.deleted',
  reason: 'reason.deleted',
  source: 'source.deleted',
  division: 'division.deleted',
  mail_template: 'mail_template.deleted',
} as const satisfies Record<string, TAuditAction>;

/** The event of removing something of the account: its kind, id and a sentence naming it. */
export const deletionEvent = (
  type: keyof typeof DELETED,
  id: number,
  summary: string,
): AuditEvent => ({ action: DELETED[type], target: { type, id }, summary });

/** For an action that has no transaction of its own to join (a download): its own one. */
export async function recordAuditNow(tenant: Tenant, event: AuditEvent) {
  await tenant.transaction((tx) => recordAudit(tx, tenant, event));
}

// Security events of the sign-in and safety flows: recorded inside the flow's own transaction
// (`securityEvent`), except a failed attempt, which changes nothing else and has its own.

export type SignedInUser = { accountId: number; userId: number };

const SECURITY_SUMMARIES = {
  'auth.sign_in': 'Вход в систему',
  'auth.sign_out': 'Выход из системы',
  'auth.password_changed': 'Пароль изменён',
  'auth.password_reset': 'Пароль задан по ссылке из письма',
  'auth.two_factor_enabled': 'Включён двухфакторный вход',
  'auth.two_factor_disabled': 'Выключен двухфакторный вход',
  'auth.recovery_codes_renewed': 'Созданы новые резервные коды',
  'auth.sessions_ended': 'Завершены другие сеансы',
  'auth.sign_in_failed': 'Неверный код двухфакторного входа',
} as const satisfies Partial<Record<TAuditAction, string>>;

/**
 * A security event about the user themselves, for a flow that records it inside its own
 * transaction: `recordAudit(tx, tenant, securityEvent('auth.two_factor_enabled', tenant.userId))`.
 */
export const securityEvent = (
  action: keyof typeof SECURITY_SUMMARIES,
  userId: number,
): AuditEvent => ({
  action,
  summary: SECURITY_SUMMARIES[action],
  target: { type: 'user', id: userId },
});

const recordForUser =
  (action: keyof typeof SECURITY_SUMMARIES) =>
  (database: Database, user: SignedInUser, origin: AuditOrigin = currentAuditOrigin()) =>
    database.withTenant(user.accountId, (tx) =>
      recordAudit(tx, user, securityEvent(action, user.userId), origin),
    );

/** A wrong code at the second step: the password was right, so the user is known. */
export const recordFailedSecondFactor = recordForUser('auth.sign_in_failed');

/**
 * A wrong password for `email`. Recorded into the account of the user the address belongs to;
 * an address no one has is not recorded anywhere. One statement either way, and nothing comes
 * back, so the caller's answer cannot tell whether the address exists.
 */
export async function recordFailedSignIn(
  database: Database,
  email: string,
  origin: AuditOrigin = currentAuditOrigin(),
) {
  await recordFailedSignInAcrossAccounts(database.system, email.slice(0, MAX_TYPED_EMAIL), origin);
}

/** Before the tenant is known: the owner connection finds the account by the address. */
async function recordFailedSignInAcrossAccounts(db: Db, email: string, origin: AuditOrigin) {
  await db.execute(sql`
    insert into audit_events
      (account_id, actor_user_id, actor_email, action, target_type, target_id, summary, ip, user_agent)
    select u.account_id, u.id, ${email}, 'auth.sign_in_failed', 'user', u.id,
           'Неудачная попытка входа: неверный пароль', ${origin.ip}, ${origin.userAgent}
    from users u
    where u.email = ${email}`);
}
