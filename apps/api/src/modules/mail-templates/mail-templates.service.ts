import type {
  TMailTemplate,
  ZCreateMailTemplateRequest,
  ZUpdateMailTemplateRequest,
} from '@ats/contracts/mail-templates';
import type { z } from 'zod';
import type { Session } from '../../platform/auth.ts';
import { deletionEvent, recordAudit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { userDisplayName } from '../../platform/person-name.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { getUser } from '../users/users.service.ts';
import { sanitizeTemplateHtml } from './mail-template-html.ts';
import { listTemplateVariables } from './mail-template-variables.ts';
import {
  type MailTemplateActor,
  assertCanReadMailTemplates,
  assertMailTemplateAction,
  mailTemplateRefusal,
} from './mail-templates.policy.ts';
import * as repo from './mail-templates.repository.ts';

export const MAIL_TEMPLATE_NOT_FOUND = 'Шаблон письма не найден';

/** The caller with their permission flags (watchers are refused before any read). */
async function actorOf(tenant: Tenant, session: Session): Promise<MailTemplateActor> {
  assertCanReadMailTemplates(session);
  const user = await getUser(tenant, session.userId);
  return {
    userId: session.userId,
    memberType: session.memberType,
    isAdmin: session.isAdmin,
    permissions: user.admin_user_setting.permissions_actions,
  };
}

const toTemplate = (row: repo.MailTemplateRow, actor: MailTemplateActor): TMailTemplate => ({
  id: row.id,
  name: row.name,
  title: row.title,
  action_type: row.actionType,
  description: row.description ?? '',
  is_shared: row.isShared,
  author_id: row.authorId,
  author_name: userDisplayName(row.authorPerson),
  can_edit: mailTemplateRefusal(actor, 'update', row) === null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** Shared templates and the caller's personal ones, by name. */
export async function listMailTemplates(tenant: Tenant, session: Session) {
  const actor = await actorOf(tenant, session);
  const rows = await tenant.transaction((tx) =>
    repo.listVisibleTemplates(tx, tenant.accountId, session.userId),
  );
  return rows.map((row) => toTemplate(row, actor));
}

/** `/api/admin_user_templates`: the caller's own personal templates (none for a watcher). */
export async function listPersonalMailTemplates(tenant: Tenant, session: Session) {
  if (session.memberType === 'watcher') return [];
  const actor = await actorOf(tenant, session);
  const rows = await tenant.transaction((tx) =>
    repo.listPersonalTemplates(tx, tenant.accountId, session.userId),
  );
  return rows.map((row) => toTemplate(row, actor));
}

/** A template the caller sees; another user's personal one is as absent as another account's. */
export async function findVisibleMailTemplate(tenant: Tenant, session: Session, id: number) {
  assertCanReadMailTemplates(session);
  const row = await tenant.transaction((tx) =>
    repo.findVisibleTemplate(tx, tenant.accountId, session.userId, id),
  );
  if (!row) throw notFound(MAIL_TEMPLATE_NOT_FOUND);
  return row;
}

export async function getMailTemplate(tenant: Tenant, session: Session, id: number) {
  const actor = await actorOf(tenant, session);
  return toTemplate(await findVisibleMailTemplate(tenant, session, id), actor);
}

export async function createMailTemplate(
  tenant: Tenant,
  session: Session,
  input: z.output<typeof ZCreateMailTemplateRequest>,
) {
  const actor = await actorOf(tenant, session);
  assertMailTemplateAction(actor, 'create', undefined, { becomesShared: input.is_shared });
  const id = await tenant.transaction((tx) =>
    repo.insertTemplate(tx, {
      accountId: tenant.accountId,
      name: input.name,
      title: input.title,
      actionType: input.action_type,
      description: sanitizeTemplateHtml(input.description),
      isShared: input.is_shared,
      authorId: session.userId,
    }),
  );
  return getMailTemplate(tenant, session, id);
}

export async function updateMailTemplate(
  tenant: Tenant,
  session: Session,
  id: number,
  changes: z.output<typeof ZUpdateMailTemplateRequest>,
) {
  const actor = await actorOf(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.findVisibleTemplate(tx, tenant.accountId, session.userId, id);
    if (!current) throw notFound(MAIL_TEMPLATE_NOT_FOUND);
    assertMailTemplateAction(actor, 'update', current, { becomesShared: changes.is_shared });
    await repo.updateTemplate(tx, tenant.accountId, id, {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.title !== undefined && { title: changes.title }),
      ...(changes.action_type !== undefined && { actionType: changes.action_type }),
      ...(changes.description !== undefined && {
        description: sanitizeTemplateHtml(changes.description ?? ''),
      }),
      ...(changes.is_shared !== undefined && { isShared: changes.is_shared }),
    });
    // Read without the visibility filter: un-sharing someone else's template hands it back to
    // its author, and the caller is still answered with what they saved.
    return repo.findTemplate(tx, tenant.accountId, id);
  });
  return toTemplate(row!, actor);
}

export async function deleteMailTemplate(tenant: Tenant, session: Session, id: number) {
  const actor = await actorOf(tenant, session);
  const row = await tenant.transaction(async (tx) => {
    const current = await repo.findVisibleTemplate(tx, tenant.accountId, session.userId, id);
    if (!current) throw notFound(MAIL_TEMPLATE_NOT_FOUND);
    assertMailTemplateAction(actor, 'delete', current);
    await repo.deleteTemplate(tx, tenant.accountId, id);
    await recordAudit(
      tx,
      tenant,
      deletionEvent('mail_template', id, `Удалён шаблон письма «${current.name}»`),
    );
    return current;
  });
  return toTemplate(row, actor);
}

export const listMailTemplateVariables = () => listTemplateVariables();
