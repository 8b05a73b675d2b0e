import type { Session } from '../../../platform/auth.ts';
import { badRequest } from '../../../platform/errors.ts';
import { type Tenant, tenantFor } from '../../../platform/tenancy.ts';
import { assertCanManageJobSites } from '../job-sites.policy.ts';
import * as repo from '../job-sites.repository.ts';
import { type JobSitesDeps, tokenBox } from '../job-sites.service.ts';
import { SiteError } from '../site-client.ts';
import { subscribeAvitoMessenger } from './avito-messenger-hook.ts';
import { avitoClientFor, avitoCredentialsToken, avitoSite } from './avito-site.ts';

// Connecting Avito (decision 0055): the company's client id and secret are checked at once
// (`POST /token`, then accounts/self), then sealed as the connection's access token. When the
// app has a PUBLIC_URL, the applications webhook is registered with a per-connection address:
// the signed token in it names the account and the connection, so a delivery needs no lookup
// of secrets and another account's connection cannot be named.

export const AVITO_MESSAGES = {
  clientIdRequired: 'Укажите client_id из настроек Авито Pro',
  clientSecretRequired: 'Укажите client_secret из настроек Авито Pro',
  badCredentials: 'Авито не принял client_id и client_secret: проверьте их в настройках Авито Pro',
  unavailable: 'Авито сейчас недоступен, попробуйте подключить позже',
} as const;

type HookToken = { w: number; a: number };

export const avitoHookToken = (deps: JobSitesDeps, accountId: number, connectionId: number) =>
  tokenBox(deps.config).sign({ w: connectionId, a: accountId } satisfies HookToken);

export function avitoHookOf(deps: JobSitesDeps, token: string) {
  const hook = tokenBox(deps.config).verify<HookToken>(token);
  return hook && typeof hook.w === 'number' && typeof hook.a === 'number'
    ? { accountId: hook.a, connectionId: hook.w }
    : null;
}

export async function connectAvito(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  input: { client_id?: string | undefined; client_secret?: string | undefined },
): Promise<{ url: string }> {
  assertCanManageJobSites(session);
  const clientId = input.client_id?.trim() ?? '';
  const clientSecret = input.client_secret?.trim() ?? '';
  if (!clientId || !clientSecret) {
    throw badRequest(
      !clientId ? AVITO_MESSAGES.clientIdRequired : AVITO_MESSAGES.clientSecretRequired,
      {
        ...(!clientId ? { client_id: AVITO_MESSAGES.clientIdRequired } : {}),
        ...(!clientSecret ? { client_secret: AVITO_MESSAGES.clientSecretRequired } : {}),
      },
    );
  }
  const credentials = avitoCredentialsToken({ client_id: clientId, client_secret: clientSecret });
  let account;
  try {
    account = await avitoSite.whoAmI(deps.config, credentials);
  } catch (error) {
    const kind = error instanceof SiteError ? error.kind : 'unavailable';
    deps.log?.warn({ site: 'avito', kind }, 'avito connect refused');
    if (kind === 'rate' || kind === 'unavailable') throw badRequest(AVITO_MESSAGES.unavailable);
    throw badRequest(AVITO_MESSAGES.badCredentials, {
      client_id: AVITO_MESSAGES.badCredentials,
      client_secret: AVITO_MESSAGES.badCredentials,
    });
  }
  const box = tokenBox(deps.config);
  const id = await tenant.transaction((tx) =>
    repo.upsertConnection(tx, {
      accountId: tenant.accountId,
      site: 'avito',
      externalAccountId: account.externalAccountId,
      externalAccountName: account.name,
      externalUserId: account.userId,
      accessToken: box.seal(credentials),
      refreshToken: null,
      accessExpiresAt: null,
      createdBy: tenant.userId,
    }),
  );
  if (deps.config.PUBLIC_URL) {
    const token = avitoHookToken(deps, tenant.accountId, id);
    const url = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/api/job_sites/webhooks/avito/${token}`;
    const hooked = await avitoClientFor(deps.config, credentials).setApplicationsWebhook({
      url,
      secret: token,
    });
    // Without the webhook the sweep still reads applications on its interval.
    if (!hooked.ok) deps.log?.warn({ site: 'avito', kind: hooked.kind }, 'avito webhook not set');
  }
  // The applicants' chat messages pushed as they are written (decision 0076).
  await subscribeAvitoMessenger(deps, tenant.accountId, id);
  return { url: '/avito?connected=1' };
}

/** A webhook delivery: the connection it names exists (in that account) and is not revoked. */
export async function avitoHookConnection(deps: JobSitesDeps, token: string) {
  const hook = avitoHookOf(deps, token);
  if (!hook) return null;
  const reader = tenantFor(deps.database, hook.accountId, 0);
  const row = await reader.transaction((tx) =>
    repo.findConnection(tx, hook.accountId, hook.connectionId),
  );
  return row && row.site === 'avito' ? row : null;
}
