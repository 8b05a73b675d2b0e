import {
  CONSENT_LINK_DAYS,
  CONSENT_MESSAGES,
  type TApplicantConsent,
  type TConsentDecision,
  type TConsentState,
  type TPrivacyLetterSettings,
  type TPublicConsent,
  type ZUpdatePrivacyLetterSettings,
} from '@ats/contracts/consent';
import type { Db } from '@ats/db/connection';
import type { ConsentEventState } from '@ats/db/schema/consent';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { type AuditEvent, changesBetween, recordAudit } from '../../platform/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.ts';
import { deliverStoredMail, storeMail } from '../../platform/mailer.ts';
import { generateToken, hashToken } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import {
  changeApplicantBelongings,
  readApplicantBelongings,
  recordApplicantOwnChange,
} from '../applicants/applicants.service.ts';
import { registerApplicantCreatedListener } from '../applicants/applicant-created.service.ts';
import { assertCanChangeConsentSettings } from './consent.policy.ts';
import { consentLetter, consentPath } from './consent-letter.ts';
import * as repo from './consent.repository.ts';

// Consent to personal data, 152-FZ (decision 0046). The request is a letter with a link to the
// public page `/consent/<token>` (only the token's sha256 is stored; the token is in the letter
// alone, never in a log), written to the mail outbox in the same transaction as the «asked»
// event, so a request exists exactly when its letter does. Every change of an applicant's consent
// is an event (the newest is the state), an entry of the card's history and of the audit log.

export type ConsentDeps = Pick<AppDeps, 'database' | 'config' | 'log'>;

const DAY_MS = 86_400_000;

/** GET /api/account/privacy_letter_settings. */
export async function getPrivacySettings(tenant: Tenant): Promise<TPrivacyLetterSettings> {
  return tenant.transaction(async (tx) => {
    const settings = await repo.findSettings(tx, tenant.accountId);
    const version = settings?.version ?? 0;
    const text = await repo.findText(tx, tenant.accountId, version);
    return {
      text: text?.text ?? '',
      version,
      auto_send: settings?.autoSend ?? false,
      channel: settings?.channel === 'telegram' ? 'email' : (settings?.channel ?? 'email'),
      updated_at: settings?.updatedAt.toISOString() ?? null,
    };
  });
}

/** PATCH /api/account/privacy_letter_settings: a changed text is a new version. */
export async function updatePrivacySettings(
  tenant: Tenant,
  session: Session,
  input: z.output<typeof ZUpdatePrivacyLetterSettings>,
): Promise<TPrivacyLetterSettings> {
  assertCanChangeConsentSettings(session);
  await tenant.transaction(async (tx) => {
    const settings = await repo.lockSettings(tx, tenant.accountId);
    const current = await repo.findText(tx, tenant.accountId, settings.version);
    let version = settings.version;
    if (input.text !== undefined && input.text !== current?.text) {
      version += 1;
      await repo.insertText(tx, {
        accountId: tenant.accountId,
        version,
        text: input.text,
        createdBy: tenant.userId,
      });
    }
    const autoSend = input.auto_send ?? settings.autoSend;
    if (autoSend && version < 1) {
      throw badRequest(CONSENT_MESSAGES.autoSendWithoutText, {
        auto_send: CONSENT_MESSAGES.autoSendWithoutText,
      });
    }
    const channel = input.channel ?? settings.channel;
    const changes = changesBetween(
      { version: settings.version, auto_send: settings.autoSend, channel: settings.channel },
      { version, auto_send: autoSend, channel },
    );
    if (Object.keys(changes).length === 0) return;
    await repo.saveSettings(tx, tenant.accountId, {
      version,
      autoSend,
      channel,
      updatedBy: tenant.userId,
    });
    await recordAudit(tx, tenant, {
      action: 'account.privacy_settings_changed',
      target: { type: 'account', id: tenant.accountId },
      summary:
        version !== settings.version
          ? `Текст согласия на обработку данных изменён (версия ${version})`
          : 'Изменены настройки запроса согласия на обработку данных',
      changes,
    });
  });
  return getPrivacySettings(tenant);
}

type EventRow = Awaited<ReturnType<typeof repo.latestEvent>>;

const stateOf = (event: EventRow): TConsentState => event?.state ?? 'not_asked';

async function consentOf(tx: Db, accountId: number, applicantId: number) {
  const [event, settings] = await Promise.all([
    repo.latestEvent(tx, accountId, applicantId),
    repo.findSettings(tx, accountId),
  ]);
  return {
    state: stateOf(event),
    version: event?.version ?? null,
    at: event?.createdAt.toISOString() ?? null,
    current_version: settings?.version ?? 0,
  } satisfies TApplicantConsent;
}

/** GET /api/applicants/{id}/consent: as reading the card is allowed. */
export async function getApplicantConsent(tenant: Tenant, session: Session, applicantId: number) {
  return readApplicantBelongings(tenant, session, applicantId, (tx) =>
    consentOf(tx, tenant.accountId, applicantId),
  );
}

const HISTORY_ACTION: Record<ConsentEventState, string> = {
  asked: 'consent_requested',
  given: 'consent_given',
  refused: 'consent_refused',
  withdrawn: 'consent_withdrawn',
};

const AUDIT_ACTION = {
  asked: 'applicant.consent_requested',
  given: 'applicant.consent_given',
  refused: 'applicant.consent_refused',
  withdrawn: 'applicant.consent_withdrawn',
} as const satisfies Record<ConsentEventState, AuditEvent['action']>;

const AUDIT_SUMMARY: Record<ConsentEventState, string> = {
  asked: 'Кандидату отправлен запрос согласия на обработку персональных данных',
  given: 'Кандидат дал согласие на обработку персональных данных',
  refused: 'Кандидат отказался от обработки персональных данных',
  withdrawn: 'Кандидат отозвал согласие на обработку персональных данных',
};

const auditEvent = (state: ConsentEventState, applicantId: number, version: number | null) => ({
  action: AUDIT_ACTION[state],
  target: { type: 'applicant', id: applicantId },
  summary: `${AUDIT_SUMMARY[state]}${version ? ` (версия ${version})` : ''}`,
  changes: { version },
});

/**
 * Writes the «asked» event, the link and its letter into the outbox, inside the caller's
 * transaction (the letter is handed to SMTP after the commit). Refused without a text or an
 * address, and when the applicant has already consented to the current text.
 */
async function writeRequest(
  tx: Db,
  deps: ConsentDeps,
  tenant: Tenant,
  applicantId: number,
  publicUrl: string,
  recordHistory: (action: string, changes: Record<string, unknown>) => Promise<void>,
  now: Date,
) {
  const settings = await repo.findSettings(tx, tenant.accountId);
  const version = settings?.version ?? 0;
  const text = await repo.findText(tx, tenant.accountId, version);
  if (!text) throw badRequest(CONSENT_MESSAGES.noText);
  const addressee = await repo.findAddressee(tx, tenant.accountId, applicantId);
  const email = addressee?.email?.trim();
  if (!addressee || !email) throw badRequest(CONSENT_MESSAGES.noEmail);
  const latest = await repo.latestEvent(tx, tenant.accountId, applicantId);
  if (latest?.state === 'given' && latest.version === version) {
    throw conflict(CONSENT_MESSAGES.alreadyGiven);
  }
  const token = generateToken();
  await repo.insertLink(tx, {
    accountId: tenant.accountId,
    applicantId,
    tokenHash: hashToken(token),
    version,
    expiresAt: new Date(now.getTime() + CONSENT_LINK_DAYS * DAY_MS),
  });
  await repo.insertEvent(tx, {
    accountId: tenant.accountId,
    applicantId,
    state: 'asked',
    version,
    channel: 'email',
    userId: tenant.userId,
    createdAt: now,
  });
  await recordHistory(HISTORY_ACTION.asked, { version, channel: 'email' });
  await recordAudit(tx, tenant, auditEvent('asked', applicantId, version));
  const letter = consentLetter({
    company: addressee.company,
    firstName: addressee.firstName,
    middleName: addressee.middleName,
    link: `${publicUrl}${consentPath(token)}`,
  });
  // No devLogLine: the link is a credential and never reaches the log.
  return storeMail(tx, deps.config, {
    to: email,
    accountId: tenant.accountId,
    kind: 'consent_request',
    ...letter,
  });
}

/** POST /api/applicants/{id}/consent/request: the letter goes out now. */
export async function requestConsent(
  deps: ConsentDeps,
  tenant: Tenant,
  session: Session,
  applicantId: number,
  publicUrl: string,
  now = new Date(),
) {
  const outboxId = await changeApplicantBelongings(tenant, session, applicantId, (change) =>
    writeRequest(change.tx, deps, tenant, applicantId, publicUrl, change.record, now),
  );
  await deliverStoredMail(deps.config, deps.database.system, deps.log, [outboxId]);
  deps.log.info({ applicantId }, 'consent requested');
  return tenant.transaction((tx) => consentOf(tx, tenant.accountId, applicantId));
}

/**
 * A new applicant of an account that sends the request automatically: the request is written in
 * the creating transaction; an applicant without an address, or no text, is simply not asked.
 */
export async function requestConsentOfNewApplicant(
  tx: Db,
  deps: ConsentDeps,
  tenant: Tenant,
  applicantId: number,
  publicUrl: string,
  now = new Date(),
): Promise<number | null> {
  const settings = await repo.findSettings(tx, tenant.accountId);
  if (!settings?.autoSend || settings.version < 1) return null;
  const addressee = await repo.findAddressee(tx, tenant.accountId, applicantId);
  if (!addressee?.email?.trim()) return null;
  return writeRequest(
    tx,
    deps,
    tenant,
    applicantId,
    publicUrl,
    (action, changes) =>
      recordApplicantOwnChange(tx, tenant.accountId, applicantId, action, {
        ...changes,
        auto: true,
      }),
    now,
  );
}

/** Where the app is, for letters sent outside a request of a user with an address. */
const appUrlOf = (deps: ConsentDeps) =>
  (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/$/, '');

/**
 * Sends the request to new applicants when the company asked for it (decision 0046), in every
 * process that creates applicants: the API (its routes) and `npm run worker` (file imports, job
 * sites' responses). Answers a function that stops it.
 */
export function sendConsentToNewApplicants(deps: ConsentDeps): () => void {
  // The letters written in a creating transaction, until it commits.
  const written = new Map<string, number>();
  const key = (accountId: number, applicantId: number) => `${accountId}:${applicantId}`;
  return registerApplicantCreatedListener({
    async inTransaction(tx, tenant, applicantId) {
      const outboxId = await requestConsentOfNewApplicant(
        tx,
        deps,
        tenant,
        applicantId,
        appUrlOf(deps),
      );
      if (outboxId !== null) written.set(key(tenant.accountId, applicantId), outboxId);
    },
    async afterCommit(tenant, applicantId) {
      const outboxId = written.get(key(tenant.accountId, applicantId));
      if (outboxId === undefined) return;
      written.delete(key(tenant.accountId, applicantId));
      // A letter not handed over now stays in the outbox for the minute's retry.
      await deliverStoredMail(deps.config, deps.database.system, deps.log, [outboxId]);
    },
  });
}

type LinkRow = NonNullable<Awaited<ReturnType<typeof repo.findLinkAcrossAccounts>>>;

/** The link of `token` while it works: 404 unknown, 410 expired. */
async function openLink(deps: ConsentDeps, token: string, now: Date): Promise<LinkRow> {
  const link = await repo.findLinkAcrossAccounts(deps.database.system, hashToken(token));
  if (!link) throw notFound(CONSENT_MESSAGES.invalid);
  if (link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(410, CONSENT_MESSAGES.expired);
  }
  return link;
}

/** GET /api/public/consents/{token}: the text the applicant was asked about, and the state. */
export async function readPublicConsent(
  deps: ConsentDeps,
  token: string,
  now = new Date(),
): Promise<TPublicConsent> {
  const link = await openLink(deps, token, now);
  return deps.database.withTenant(link.accountId, async (tx) => {
    const [addressee, text, latest] = await Promise.all([
      repo.findAddressee(tx, link.accountId, link.applicantId),
      repo.findText(tx, link.accountId, link.version),
      repo.latestEvent(tx, link.accountId, link.applicantId),
    ]);
    if (!addressee || !text) throw notFound(CONSENT_MESSAGES.invalid);
    return {
      company: addressee.company,
      applicant_name:
        [addressee.firstName, addressee.middleName].filter(Boolean).join(' ').trim() || null,
      text: text.text,
      version: link.version,
      state: stateOf(latest),
      at: latest?.createdAt.toISOString() ?? null,
    };
  });
}

const DECISION_STATE: Record<TConsentDecision, ConsentEventState> = {
  give: 'given',
  refuse: 'refused',
  withdraw: 'withdrawn',
};

const DECIDED_MESSAGE: Record<TConsentDecision, string> = {
  give: CONSENT_MESSAGES.given,
  refuse: CONSENT_MESSAGES.refused,
  withdraw: CONSENT_MESSAGES.withdrawn,
};

/**
 * POST /api/public/consents/{token}: the applicant's answer to the link's version. Giving or
 * refusing may change an earlier answer (the newest counts); withdrawing needs a given consent.
 * The same answer twice changes nothing.
 */
export async function decideConsent(
  deps: ConsentDeps,
  token: string,
  decision: TConsentDecision,
  now = new Date(),
) {
  const link = await openLink(deps, token, now);
  const state = DECISION_STATE[decision];
  await deps.database.withTenant(link.accountId, async (tx) => {
    if (!(await repo.lockApplicant(tx, link.accountId, link.applicantId))) {
      throw notFound(CONSENT_MESSAGES.invalid);
    }
    const latest = await repo.latestEvent(tx, link.accountId, link.applicantId);
    if (latest?.state === state && latest.version === link.version) return;
    if (state === 'withdrawn' && latest?.state !== 'given') {
      throw conflict(latest ? CONSENT_MESSAGES.notWithdrawable : CONSENT_MESSAGES.notAsked);
    }
    const version = state === 'withdrawn' ? (latest?.version ?? link.version) : link.version;
    await repo.insertEvent(tx, {
      accountId: link.accountId,
      applicantId: link.applicantId,
      state,
      version,
      userId: null,
      createdAt: now,
    });
    await recordApplicantOwnChange(tx, link.accountId, link.applicantId, HISTORY_ACTION[state], {
      version,
    });
    await recordAudit(
      tx,
      { accountId: link.accountId, userId: null },
      auditEvent(state, link.applicantId, version),
    );
  });
  deps.log.info({ applicantId: link.applicantId, state }, 'consent answered');
  return DECIDED_MESSAGE[decision];
}
