import {
  INVITATION_INVALID,
  INVITATION_TTL_DAYS,
  type TAcceptInvitationRequest,
  type TInvitation,
} from '@ats/contracts/users';
import { personDisplayName } from '@ats/contracts/person-name';
import type { AppDeps } from '../../platform/deps.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { generateToken, hashPassword, hashToken } from '../../platform/secrets.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { type ClientMeta, logIn } from '../auth/auth.service.ts';
import { endOutstandingLinks } from '../auth/credentials.service.ts';
import * as repo from './invitations.repository.ts';

const TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

type Inviter = {
  inviterName: string | null;
  inviterMiddleName: string | null;
  inviterLastName: string | null;
  inviterEmail?: string | null;
};

/** The inviting user's display name (SPEC.md §3); the address only where the letter has it. */
const inviterName = (found: Inviter | null) =>
  (found &&
    personDisplayName({
      last_name: found.inviterLastName,
      name: found.inviterName,
      middle_name: found.inviterMiddleName,
      email: found.inviterEmail,
    })) ||
  null;

const invalid = () => badRequest(INVITATION_INVALID, { token: INVITATION_INVALID });

/**
 * Mails the user a link to set their password. Links sent before stop working, so a resend
 * leaves exactly one valid link.
 */
export async function sendInvitation(
  deps: AppDeps,
  tenant: Tenant,
  invitee: { id: number; email: string; name: string | null },
  publicUrl: string,
) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + TTL_MS);
  const context = await tenant.transaction(async (tx) => {
    await repo.revokePendingInvitations(tx, tenant.accountId, invitee.id);
    await repo.insertInvitation(tx, {
      accountId: tenant.accountId,
      userId: invitee.id,
      tokenHash: hashToken(token),
      invitedBy: tenant.userId,
      expiresAt,
    });
    return repo.findLetterContext(tx, tenant.accountId, tenant.userId);
  });
  const company = context?.company ?? '';
  const inviter = inviterName(context);
  const link = `${publicUrl}/invite/${token}`;
  const until = expiresAt.toLocaleDateString('ru-RU', { timeZone: 'Europe/Moscow' });
  await deps.mailer.send({
    to: invitee.email,
    subject: `Приглашение в команду «${company}»`,
    text:
      `Здравствуйте${invitee.name ? `, ${invitee.name}` : ''}!\n\n` +
      `${inviter ?? 'Администратор'} приглашает вас в команду «${company}» в системе подбора персонала.\n` +
      `Чтобы войти, задайте пароль по ссылке (она действует до ${until} и сработает один раз):\n${link}\n\n` +
      'Если вы не ждали этого письма, просто проигнорируйте его.\n',
    kind: 'invitation',
    accountId: tenant.accountId,
    devLogLine: `Ссылка-приглашение для ${invitee.email}: ${link}`,
  });
  return { sentAt: new Date(), expiresAt };
}

/** A deactivated or deleted user's links stop working. */
export async function revokeInvitations(tenant: Tenant, userId: number) {
  await tenant.transaction((tx) => repo.revokePendingInvitations(tx, tenant.accountId, userId));
}

/** What the invitation page shows: whom it is for and from which company. */
export async function readInvitation(deps: AppDeps, token: string): Promise<TInvitation> {
  const found = await repo.findOpenInvitationAcrossAccounts(deps.database.system, hashToken(token));
  if (!found) throw invalid();
  return {
    email: found.email,
    name: found.name,
    company: found.company,
    invited_by: inviterName(found),
    expires_at: found.expiresAt.toISOString(),
  };
}

/** Sets the invited user's password and signs them in, as a sign-in with that password would. */
export async function acceptInvitation(
  deps: AppDeps,
  input: TAcceptInvitationRequest,
  meta: ClientMeta,
) {
  const found = await repo.findOpenInvitationAcrossAccounts(
    deps.database.system,
    hashToken(input.token),
  );
  if (!found) throw invalid();
  const passwordHash = await hashPassword(input.password);
  const user = await deps.database.withTenant(found.accountId, async (tx) => {
    const accepted = await repo.acceptInvitation(tx, found.accountId, found.id, passwordHash);
    // Thrown inside the transaction, so a half-accepted link is rolled back.
    if (!accepted) throw invalid();
    // A reset link asked for meanwhile must not replace the password just set.
    await endOutstandingLinks(tx, found.accountId, accepted.id);
    await recordAudit(
      tx,
      { accountId: found.accountId, userId: accepted.id },
      {
        action: 'auth.password_reset',
        target: { type: 'user', id: accepted.id },
        summary: 'Пароль задан по приглашению',
      },
    );
    return accepted;
  });
  const outcome = await logIn(
    deps,
    { email: user.email, password: input.password, source: 'web' },
    meta,
  );
  // Someone who has only now set their first password has no second factor enrolled yet.
  if (!('auth_token' in outcome)) throw invalid();
  return { auth_token: outcome.auth_token };
}
