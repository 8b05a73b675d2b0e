import {
  MSG_MAX_ATTACHMENT_BYTES,
  MSG_MESSAGES,
  type TChatHistory,
  type TChatHistoryQuery,
  type TConversation,
  type TCreateMsgChannelRequest,
  type TMsgChannel,
  type TMsgChannelKind,
  type TMsgMessage,
  type TMsgState,
  type TSendMessageRequest,
  type TUnreadCounters,
  type TUpdateMsgChannelRequest,
  MSG_CHANNEL_KIND_NAMES,
  MSG_SITE_CHANNEL_KINDS,
  type TApplicantChatChannels,
} from '@ats/contracts/messaging';
import { personDisplayName } from '@ats/contracts/person-name';
import type { Database, Db } from '@ats/db/connection';
import type { FastifyBaseLogger } from 'fastify';
import type { Session } from '../../platform/auth.ts';
import type { Config } from '../../platform/config.ts';
import {
  AppError,
  badRequest,
  conflict,
  isUniqueViolation,
  notFound,
} from '../../platform/errors.ts';
import { generateToken, secretBox } from '../../platform/secrets.ts';
import { storageFor } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { reachApplicant, seesApplicantBase } from '../applicants/applicant-base.service.ts';
import { applicantContactsIn } from '../applicants/applicants.service.ts';
import { findApplicantFilesByIds, storeReceivedFile } from '../files/files.service.ts';
import { prepareLetters } from '../mail-templates/mail-template-render.service.ts';
import { findUserContactsIn, listUsers } from '../users/users.service.ts';
import { announceMessage } from './messaging-events.ts';
import {
  assertCanManageChannel,
  assertCanMessage,
  assertCanSeeChannel,
  canUseChannel,
} from './messaging.policy.ts';
import * as repo from './messaging.repository.ts';
import { registerBuiltInTransports } from './transport-kinds.ts';
import {
  handOverNotices,
  tellUsersIn,
  type ToldUsers,
  type UserNotice,
} from './user-notices.service.ts';
import { TransportError, transportOf, type TransportChannel } from './transports.ts';

// Other modules bring their own transports (a job site's chat, decision 0062) through these.
export { registerTransport, transportOf, TransportError } from './transports.ts';
export type { SendContext, SendResult, Transport } from './transports.ts';

/** What the messaging services need of the platform (a route's deps, a job's context). */
export type MessagingDeps = { config: Config; database: Database; log: FastifyBaseLogger };

registerBuiltInTransports();

// ---- secrets ----

const boxOf = (config: Config) =>
  secretBox(config.SECRETS_KEY ?? config.GOOGLE_CLIENT_SECRET ?? 'unconfigured', 'msg-channels');

export const sealSecrets = (config: Config, secrets: Record<string, string>) =>
  Object.keys(secrets).length === 0 ? null : boxOf(config).seal(JSON.stringify(secrets));

function openSecrets(config: Config, sealed: string | null): Record<string, string> {
  if (!sealed) return {};
  const plain = boxOf(config).open(sealed);
  if (!plain) return {};
  try {
    return JSON.parse(plain) as Record<string, string>;
  } catch {
    return {};
  }
}

/** A channel row as its transport sees it (secrets opened). */
export const transportChannelOf = (config: Config, row: repo.ChannelRow): TransportChannel => ({
  accountId: row.accountId,
  id: row.id,
  kind: row.kind,
  name: row.name,
  address: row.address,
  externalId: row.externalId,
  userId: row.userId,
  settings: row.settings,
  secrets: openSecrets(config, row.secrets),
  syncState: row.syncState,
  webhookKey: row.webhookKey,
});

// ---- channels ----

export const toChannel = (row: repo.ChannelRow): TMsgChannel => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  address: row.address,
  scope: row.userId === null ? 'account' : 'user',
  user_id: row.userId,
  state: row.state,
  last_error: row.lastError,
  settings: row.settings,
  has_secret: row.secrets !== null,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** A transport's refusal of the settings is the user's error: a 400 with its reason. */
function asInputError(error: unknown, field: string): never {
  if (error instanceof TransportError) throw badRequest(error.reason, { [field]: error.reason });
  throw error;
}

const SECRET_FIELD: Partial<Record<TMsgChannelKind, string>> = {
  telegram: 'token',
  email: 'imap_password',
};

async function activateAfterCommit(deps: MessagingDeps, row: repo.ChannelRow) {
  const transport = transportOf(row.kind);
  if (!transport?.activate) return row;
  try {
    await transport.activate({
      config: deps.config,
      log: deps.log,
      channel: transportChannelOf(deps.config, row),
    });
    if (row.state === 'error') {
      return (
        (await setChannelState(deps, row.accountId, row.id, {
          state: 'active',
          lastError: null,
        })) ?? row
      );
    }
    return row;
  } catch (error) {
    const reason = error instanceof TransportError ? error.reason : 'Канал не удалось включить';
    deps.log.warn({ channelId: row.id, err: (error as Error).message }, 'channel not activated');
    return (
      (await setChannelState(deps, row.accountId, row.id, { state: 'error', lastError: reason })) ??
      row
    );
  }
}

async function deactivateQuietly(deps: MessagingDeps, row: repo.ChannelRow) {
  const transport = transportOf(row.kind);
  if (!transport?.deactivate) return;
  await transport
    .deactivate({
      config: deps.config,
      log: deps.log,
      channel: transportChannelOf(deps.config, row),
    })
    .catch((error: unknown) =>
      deps.log.warn(
        { channelId: row.id, err: (error as Error).message },
        'channel not deactivated',
      ),
    );
}

export async function listChannels(
  tenant: Tenant,
  session: Session,
  scope: 'account' | 'user',
): Promise<TMsgChannel[]> {
  assertCanMessage(session);
  const rows = await tenant.transaction((tx) =>
    repo.listChannels(
      tx,
      tenant.accountId,
      scope === 'account' ? { scope } : { scope, userId: session.userId },
    ),
  );
  return rows.map(toChannel);
}

export async function getChannel(tenant: Tenant, session: Session, id: number) {
  assertCanMessage(session);
  const row = await tenant.transaction((tx) => repo.findChannel(tx, tenant.accountId, id));
  if (!row) throw notFound(MSG_MESSAGES.channelNotFound);
  assertCanSeeChannel(session, row);
  return toChannel(row);
}

export async function createChannel(
  deps: MessagingDeps,
  tenant: Tenant,
  session: Session,
  body: TCreateMsgChannelRequest,
): Promise<TMsgChannel> {
  const scope = body.scope ?? 'user';
  const userId = scope === 'account' ? null : session.userId;
  assertCanManageChannel(session, { userId });
  const transport = transportOf(body.kind);
  if (!transport) {
    throw badRequest(MSG_MESSAGES.channelKindNotAvailable, {
      kind: MSG_MESSAGES.channelKindNotAvailable,
    });
  }
  const webhookKey = generateToken();
  const connected = await transport
    .connect({
      config: deps.config,
      log: deps.log,
      accountId: tenant.accountId,
      input: body as Record<string, unknown>,
      current: null,
      webhookKey,
    })
    .catch((error: unknown) => asInputError(error, SECRET_FIELD[body.kind] ?? 'kind'));
  let row: repo.ChannelRow;
  try {
    row = await tenant.transaction((tx) =>
      repo.insertChannel(tx, {
        accountId: tenant.accountId,
        kind: body.kind,
        name: body.name?.trim() || connected.defaultName,
        userId,
        externalId: connected.externalId,
        address: connected.address,
        settings: connected.settings,
        secrets: sealSecrets(deps.config, connected.secrets),
        webhookKey,
        syncState: connected.syncState ?? {},
        createdBy: session.userId,
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG_MESSAGES.channelNameTaken);
    throw error;
  }
  return toChannel(await activateAfterCommit(deps, row));
}

const KIND_FIELDS = [
  'token',
  'email',
  'imap_host',
  'imap_port',
  'imap_secure',
  'imap_user',
  'imap_password',
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
] as const;

export async function updateChannel(
  deps: MessagingDeps,
  tenant: Tenant,
  session: Session,
  id: number,
  body: TUpdateMsgChannelRequest,
): Promise<TMsgChannel> {
  const current = await tenant.transaction((tx) => repo.findChannel(tx, tenant.accountId, id));
  if (!current) throw notFound(MSG_MESSAGES.channelNotFound);
  assertCanSeeChannel(session, current);
  assertCanManageChannel(session, current);
  const nextUserId =
    body.scope === undefined ? current.userId : body.scope === 'account' ? null : session.userId;
  if (nextUserId !== current.userId) assertCanManageChannel(session, { userId: nextUserId });

  const patch: Parameters<typeof repo.updateChannel>[3] = {};
  if (body.name !== undefined && body.name.trim()) patch.name = body.name.trim();
  patch.userId = nextUserId;
  const kindInput = Object.fromEntries(
    KIND_FIELDS.filter((field) => body[field] !== undefined).map((field) => [field, body[field]]),
  );
  if (Object.keys(kindInput).length > 0) {
    const transport = transportOf(current.kind);
    if (!transport) throw badRequest(MSG_MESSAGES.channelKindNotAvailable);
    const connected = await transport
      .connect({
        config: deps.config,
        log: deps.log,
        accountId: tenant.accountId,
        input: { kind: current.kind, ...kindInput },
        current: transportChannelOf(deps.config, current),
        webhookKey: current.webhookKey,
      })
      .catch((error: unknown) => asInputError(error, SECRET_FIELD[current.kind] ?? 'kind'));
    Object.assign(patch, {
      externalId: connected.externalId,
      address: connected.address,
      settings: connected.settings,
      secrets: sealSecrets(deps.config, connected.secrets),
      ...(connected.syncState ? { syncState: connected.syncState } : {}),
    });
  }
  if (body.is_active === false) patch.state = 'disabled';
  if (body.is_active === true && current.state === 'disabled') patch.state = 'active';

  let row: repo.ChannelRow | null;
  try {
    row = await tenant.transaction((tx) => repo.updateChannel(tx, tenant.accountId, id, patch));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MSG_MESSAGES.channelNameTaken);
    throw error;
  }
  if (!row) throw notFound(MSG_MESSAGES.channelNotFound);
  if (row.state === 'disabled') {
    if (current.state !== 'disabled') await deactivateQuietly(deps, current);
    return toChannel(row);
  }
  if (patch.state === 'active' || Object.keys(kindInput).length > 0) {
    row = await activateAfterCommit(deps, row);
  }
  return toChannel(row);
}

export async function deleteChannel(
  deps: MessagingDeps,
  tenant: Tenant,
  session: Session,
  id: number,
) {
  const current = await tenant.transaction((tx) => repo.findChannel(tx, tenant.accountId, id));
  if (!current) throw notFound(MSG_MESSAGES.channelNotFound);
  assertCanSeeChannel(session, current);
  assertCanManageChannel(session, current);
  await deactivateQuietly(deps, current);
  // The row stays for the messages that name it; its secrets do not.
  const removed = await tenant.transaction((tx) =>
    repo.updateChannel(tx, tenant.accountId, id, {
      deletedAt: new Date(),
      state: 'disabled',
      secrets: null,
    }),
  );
  return toChannel(removed ?? current);
}

/** For transports' workers: keep a channel's progress or state (polling offset, an error). */
export async function setChannelState(
  deps: Pick<MessagingDeps, 'database'>,
  accountId: number,
  channelId: number,
  patch: {
    state?: 'active' | 'error';
    lastError?: string | null;
    syncState?: Record<string, unknown>;
    settings?: Record<string, string | number | boolean | null>;
  },
) {
  return deps.database.withTenant(accountId, (tx) =>
    repo.updateChannel(tx, accountId, channelId, patch),
  );
}

/** For webhooks: the channel a URL's key names, in whichever account (null if none). */
export async function findChannelByWebhookKey(deps: MessagingDeps, webhookKey: string) {
  const row = await repo.findChannelByWebhookKeyAcrossAccounts(deps.database.system, webhookKey);
  return row && row.state !== 'disabled' ? transportChannelOf(deps.config, row) : null;
}

/** For pollers: every live, enabled channel of a kind, secrets opened. */
export async function listActiveChannels(deps: MessagingDeps, kind: TMsgChannelKind) {
  const rows = await repo.listActiveChannelsAcrossAccounts(deps.database.system, kind);
  return rows.map((row) => transportChannelOf(deps.config, row));
}

// ---- job sites' chats (decision 0062) ----

export type SiteChannelSpec = {
  kind: 'hh' | 'avito';
  /** Names the site's connection, unique across accounts (`hh-connection-<id>`). */
  externalId: string;
  name: string;
  /** The employer's name on the site, shown beside the kind. */
  address: string | null;
  settings: Record<string, string | number | boolean | null>;
  createdBy: number | null;
};

/**
 * A job site's chats as a company channel, one per connection, made the first time it is asked
 * for. Null when it may not be used: switched off, or removed by a user (not made again).
 */
export async function siteChannelFor(
  tenant: Tenant,
  spec: SiteChannelSpec,
): Promise<TransportChannel['id'] | null> {
  const accountId = tenant.accountId;
  const find = () =>
    tenant.transaction((tx) =>
      repo.findChannelByExternal(tx, accountId, spec.kind, spec.externalId),
    );
  let row = await find();
  if (!row) {
    try {
      row = await tenant.transaction((tx) =>
        repo.insertChannel(tx, {
          accountId,
          kind: spec.kind,
          name: spec.name,
          userId: null,
          externalId: spec.externalId,
          address: spec.address,
          settings: spec.settings,
          secrets: null,
          webhookKey: generateToken(),
          syncState: {},
          createdBy: spec.createdBy,
        }),
      );
    } catch (error) {
      // Another sync made it a moment ago: theirs stands.
      if (!isUniqueViolation(error)) throw error;
      row = await find();
    }
  }
  if (!row || row.deletedAt || row.state === 'disabled') return null;
  return row.id;
}

/** The site's connection is gone: its channel is removed (its messages stay on the cards). */
export async function removeSiteChannel(
  tenant: Tenant,
  kind: SiteChannelSpec['kind'],
  externalId: string,
) {
  const accountId = tenant.accountId;
  await tenant.transaction(async (tx) => {
    const row = await repo.findChannelByExternal(tx, accountId, kind, externalId);
    if (row && !row.deletedAt) {
      await repo.updateChannel(tx, accountId, row.id, {
        deletedAt: new Date(),
        state: 'disabled',
        secrets: null,
      });
    }
  });
}

/**
 * Ties a site's chats (hh.ru negotiations) to their applicants, in one transaction; applicants
 * no longer in the base are passed over.
 */
export async function linkSiteChats(
  tenant: Tenant,
  channelId: number,
  chats: { externalChatId: string; applicantId: number }[],
) {
  if (chats.length === 0) return;
  const accountId = tenant.accountId;
  await tenant.transaction(async (tx) => {
    const present = new Set(
      (await applicantContactsIn(tx, accountId, [...new Set(chats.map((c) => c.applicantId))])).map(
        (a) => Number(a.id),
      ),
    );
    // One row per chat: a statement may not change the same row twice.
    const byChat = new Map(chats.map((chat) => [chat.externalChatId, chat]));
    await repo.upsertChatLinks(
      tx,
      [...byChat.values()]
        .filter((chat) => present.has(chat.applicantId))
        .map((chat) => ({
          accountId,
          channelId,
          externalChatId: chat.externalChatId,
          applicantId: chat.applicantId,
          linkedBy: 'site',
        })),
    );
  });
}

/** The channels (usable by the caller) on which the applicant has a chat; 404 if unreached. */
export async function applicantChatChannels(
  tenant: Tenant,
  session: Session,
  applicantId: number,
): Promise<TApplicantChatChannels> {
  assertCanMessage(session);
  return tenant.transaction(async (tx) => {
    await reachedApplicant(tx, tenant, session, applicantId);
    const links = await repo.listApplicantChatLinks(tx, tenant.accountId, applicantId);
    const ids = [...new Set(links.map((l) => l.channelId))];
    const channels = await repo.findChannelsByIds(tx, tenant.accountId, ids);
    return {
      items: channels
        .filter((c) => !c.deletedAt && c.state !== 'disabled' && canUseChannel(session, c))
        .sort((a, b) => a.id - b.id)
        .map((c) => ({ channel_id: c.id, kind: c.kind })),
    };
  });
}

// ---- chat links ----

/**
 * Says that a chat of a channel is this applicant (a deep link's /start, a handle or phone on the
 * card, the e-mail address): later messages of that chat land on the applicant's card.
 */
export async function linkChat(
  deps: Pick<MessagingDeps, 'database'>,
  accountId: number,
  link: {
    channelId: number;
    externalChatId: string;
    applicantId: number;
    externalUserId?: string | null;
    handle?: string | null;
    linkedBy: 'deep_link' | 'handle' | 'phone' | 'email' | 'manual' | 'site';
  },
) {
  return deps.database.withTenant(accountId, async (tx) => {
    const found = await applicantContactsIn(tx, accountId, [link.applicantId]);
    if (found.length === 0) throw notFound(MSG_MESSAGES.applicantNotFound);
    return repo.upsertChatLink(tx, {
      accountId,
      channelId: link.channelId,
      externalChatId: link.externalChatId,
      applicantId: link.applicantId,
      externalUserId: link.externalUserId ?? null,
      handle: link.handle ?? null,
      linkedBy: link.linkedBy,
    });
  });
}

/** The applicant a chat of a channel is linked to, or null. */
export async function findLinkedApplicant(
  deps: Pick<MessagingDeps, 'database'>,
  accountId: number,
  channelId: number,
  externalChatId: string,
) {
  const link = await deps.database.withTenant(accountId, (tx) =>
    repo.findChatLink(tx, accountId, channelId, externalChatId),
  );
  return link?.applicantId ?? null;
}

/**
 * E-mail threading: the applicant of the newest stored message among these external ids
 * (Message-ID, In-Reply-To, References), or null.
 */
export async function findApplicantByThread(
  deps: Pick<MessagingDeps, 'database'>,
  accountId: number,
  externalIds: string[],
) {
  const row = await deps.database.withTenant(accountId, (tx) =>
    repo.findByExternalIds(tx, accountId, externalIds),
  );
  return row ? { applicantId: row.applicantId, messageId: row.id, channelId: row.channelId } : null;
}

// ---- messages as the client sees them ----

type Names = {
  channels: Map<number, Pick<repo.ChannelRow, 'name'>>;
  users: Map<number, string>;
  applicants: Map<number, string>;
};

async function namesFor(
  tx: Db,
  accountId: number,
  rows: repo.MessageRow[],
  /** The applicant already read (the history's): not read again. */
  known?: Awaited<ReturnType<typeof applicantContactsIn>>[number],
): Promise<Names> {
  const channelIds = [...new Set(rows.map((r) => r.channelId))];
  const userIds = [
    ...new Set(rows.map((r) => r.authorUserId).filter((id): id is number => id !== null)),
  ];
  const applicantIds = [...new Set(rows.map((r) => r.applicantId))];
  // One after another: the statements share the transaction's one connection.
  const channels = await repo.findChannelsByIds(tx, accountId, channelIds);
  const onlyKnown = known && applicantIds.every((id) => id === Number(known.id));
  const applicants = onlyKnown ? [known] : await applicantContactsIn(tx, accountId, applicantIds);
  const users = await findUserContactsIn(tx, accountId, userIds);
  return {
    channels: new Map(channels.map((c) => [c.id, c])),
    users: new Map(users.map((u) => [Number(u.id), personDisplayName(u.person)])),
    applicants: new Map(applicants.map((a) => [Number(a.id), personDisplayName(a)])),
  };
}

const STATE_SHOWN: Record<repo.MessageRow['state'], TMsgState> = {
  received: 'received',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** The columns of a message the API shows. */
type ShownMessage = Pick<
  repo.MessageRow,
  | 'id'
  | 'applicantId'
  | 'channelId'
  | 'channelKind'
  | 'direction'
  | 'authorType'
  | 'authorUserId'
  | 'subject'
  | 'text'
  | 'attachments'
  | 'state'
  | 'reason'
  | 'attempts'
  | 'createdAt'
  | 'sentAt'
>;

export function toMessage(row: ShownMessage, names: Names): TMsgMessage {
  const channel = names.channels.get(row.channelId);
  const author =
    row.authorType === 'user'
      ? {
          type: 'user' as const,
          user_id: row.authorUserId,
          name: (row.authorUserId !== null && names.users.get(row.authorUserId)) || 'Пользователь',
        }
      : row.authorType === 'applicant'
        ? {
            type: 'applicant' as const,
            user_id: null,
            name: names.applicants.get(row.applicantId) || 'Кандидат',
          }
        : { type: 'system' as const, user_id: null, name: 'Система' };
  return {
    id: row.id,
    applicant_id: row.applicantId,
    channel_id: row.channelId,
    channel_kind: row.channelKind,
    channel_name: channel?.name ?? MSG_CHANNEL_KIND_NAMES[row.channelKind],
    direction: row.direction,
    author,
    subject: row.subject,
    text: row.text,
    attachments: row.attachments.map((a) => ({
      file_id: a.fileId,
      file_name: a.fileName,
      mime_type: a.mimeType,
      size_bytes: a.sizeBytes,
      url: `/api/files/${a.fileId}`,
    })),
    state: STATE_SHOWN[row.state],
    reason: row.reason,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    can_retry: row.direction === 'out' && row.state === 'failed',
  };
}

/** The applicant as the caller reaches it, in the caller's transaction; 404 otherwise. */
async function reachedApplicant(tx: Db, tenant: Tenant, session: Session, applicantId: number) {
  const [applicant] = await applicantContactsIn(tx, tenant.accountId, [applicantId]);
  if (!applicant) throw notFound(MSG_MESSAGES.applicantNotFound);
  await reachApplicant(tx, tenant, session, applicantId);
  return applicant;
}

// ---- history ----

/**
 * The applicant's conversation, newest first, as one tenant read (decision 0043); reading the
 * first page clears the caller's unread — a write only when there is something to clear.
 */
export async function getHistory(
  tenant: Tenant,
  session: Session,
  applicantId: number,
  query: TChatHistoryQuery,
): Promise<TChatHistory> {
  // A watcher reaches the applicant through vacancies: asked first, as the card asks it.
  if (!seesApplicantBase(session)) {
    await tenant.transaction((tx) => reachApplicant(tx, tenant, session, applicantId));
  }
  const limit = query.per_page;
  const { query: statement, name } = repo.historyQuery(
    tenant.accountId,
    applicantId,
    session.userId,
    { beforeId: query.before_id, offset: ((query.page ?? 1) - 1) * limit, limit: limit + 1 },
  );
  const [answer] = await tenant.read<repo.HistoryAnswer>(statement, name);
  if (!answer?.applicant) throw notFound(MSG_MESSAGES.applicantNotFound);
  const page = answer.rows.slice(0, limit);
  if (answer.unread > 0 && page.length > 0) {
    // Only what this page showed the reader: a message that arrived since stays unread.
    const newest = page[0]!.id;
    await tenant.transaction((tx) =>
      repo.clearUnreadUpTo(tx, tenant.accountId, session.userId, applicantId, newest),
    );
  }
  const applicantName = personDisplayName(answer.applicant);
  return {
    items: page.map((row) => historyMessage(row, applicantName)),
    total: answer.total,
    has_more: answer.rows.length > limit,
    next_before_id: answer.rows.length > limit ? page[page.length - 1]!.id : null,
    unread: answer.unread,
  };
}

/** A message of the history read as the API shows it (as `toMessage` for a stored row). */
function historyMessage(row: repo.HistoryRow, applicantName: string): TMsgMessage {
  const names: Names = {
    channels: new Map(
      row.channel_name === null ? [] : [[row.channel_id, { name: row.channel_name }]],
    ),
    users: new Map(
      row.author_user_id !== null && row.author_person
        ? [[row.author_user_id, personDisplayName(row.author_person)]]
        : [],
    ),
    applicants: new Map([[row.applicant_id, applicantName]]),
  };
  return toMessage(
    {
      id: row.id,
      applicantId: row.applicant_id,
      channelId: row.channel_id,
      channelKind: row.channel_kind,
      direction: row.direction,
      authorType: row.author_type,
      authorUserId: row.author_user_id,
      subject: row.subject,
      text: row.text,
      attachments: row.attachments,
      state: row.state,
      reason: row.reason,
      attempts: row.attempts,
      createdAt: new Date(row.created_at),
      sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    },
    names,
  );
}

// ---- sending ----

type Kick = (accountId: number, ids: number[]) => void;
let kickOutbox: Kick = () => {};
/** The outbox (messaging-outbox.ts) tells the service how to hand new messages over at once. */
export const setOutboxKick = (kick: Kick) => {
  kickOutbox = kick;
};

/**
 * Writes an outgoing message to the outbox (`queued`) in one transaction with its checks; it is
 * handed to the channel after the commit, and retried from the outbox whatever happens.
 */
export async function sendMessage(
  deps: MessagingDeps,
  tenant: Tenant,
  session: Session,
  applicantId: number,
  body: TSendMessageRequest,
): Promise<TMsgMessage> {
  assertCanMessage(session);
  // Rendered first, as the caller: the template's own checks and 404 come before the write.
  let rendered: { subject: string | null; text: string; html: string | null } | null = null;
  if (body.template_id !== undefined) {
    const letterFor = await prepareLetters(tenant, session, body.template_id, null).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.code === 404) {
          throw badRequest(MSG_MESSAGES.templateNotFound, {
            template_id: MSG_MESSAGES.templateNotFound,
          });
        }
        throw error;
      },
    );
    const applicant = await tenant.transaction((tx) =>
      reachedApplicant(tx, tenant, session, applicantId),
    );
    const letter = letterFor(applicant);
    rendered = {
      subject: body.subject?.trim() || letter.subject,
      text: body.text?.trim() ? body.text : letter.body_text,
      html: body.text?.trim() ? null : letter.body_html,
    };
  }
  const text = rendered?.text ?? body.text ?? '';
  if (!text.trim() && body.file_ids.length === 0) {
    throw badRequest(MSG_MESSAGES.emptyMessage, { text: MSG_MESSAGES.emptyMessage });
  }
  const { row, names } = await tenant.transaction(async (tx) => {
    const applicant = await reachedApplicant(tx, tenant, session, applicantId);
    const channel = await repo.findChannel(tx, tenant.accountId, body.channel_id);
    if (!channel || !canUseChannel(session, channel)) {
      throw badRequest(MSG_MESSAGES.channelNotFound, { channel_id: MSG_MESSAGES.channelNotFound });
    }
    if (channel.state === 'disabled') {
      throw badRequest(MSG_MESSAGES.channelInactive, { channel_id: MSG_MESSAGES.channelInactive });
    }
    const link = await repo.findApplicantChatLink(tx, tenant.accountId, channel.id, applicantId);
    if (channel.kind === 'email') {
      if (!link && !applicant.email) {
        throw badRequest(MSG_MESSAGES.noRecipientEmail, {
          channel_id: MSG_MESSAGES.noRecipientEmail,
        });
      }
    } else if (!link) {
      const refusal = MSG_SITE_CHANNEL_KINDS.includes(channel.kind)
        ? MSG_MESSAGES.noSiteChat
        : MSG_MESSAGES.noChatLink;
      throw badRequest(refusal, { channel_id: refusal });
    }
    if (body.file_ids.length > 0 && transportOf(channel.kind)?.acceptsFiles === false) {
      throw badRequest(MSG_MESSAGES.filesNotAccepted, { file_ids: MSG_MESSAGES.filesNotAccepted });
    }
    const files = await findApplicantFilesByIds(tx, tenant.accountId, applicantId, body.file_ids);
    if (files.length !== new Set(body.file_ids).size) {
      throw badRequest(MSG_MESSAGES.fileNotFound, { file_ids: MSG_MESSAGES.fileNotFound });
    }
    if (files.some((f) => f.sizeBytes > MSG_MAX_ATTACHMENT_BYTES)) {
      throw new AppError(413, MSG_MESSAGES.fileTooLarge, { file_ids: MSG_MESSAGES.fileTooLarge });
    }
    const inserted = await repo.insertMessage(tx, {
      accountId: tenant.accountId,
      applicantId,
      channelId: channel.id,
      channelKind: channel.kind,
      chatLinkId: link?.id ?? null,
      direction: 'out',
      authorType: 'user',
      authorUserId: session.userId,
      subject: rendered?.subject ?? (body.subject?.trim() || null),
      text,
      attachments: files.map((f) => ({
        fileId: f.id,
        fileName: f.fileName,
        mimeType: f.mimeType,
        sizeBytes: f.sizeBytes,
      })),
      templateId: body.template_id ?? null,
      state: 'queued',
      externalChatId:
        link?.externalChatId ?? (channel.kind === 'email' ? (applicant.email ?? '') : ''),
      meta: rendered?.html ? { html: rendered.html } : {},
    });
    await announceMessage(tx, tenant.accountId, {
      type: 'message_created',
      applicant_id: applicantId,
      message_id: inserted.id,
      state: 'queued',
      direction: 'out',
    });
    return { row: inserted, names: await namesFor(tx, tenant.accountId, [inserted]) };
  });
  kickOutbox(tenant.accountId, [row.id]);
  return toMessage(row, names);
}

/**
 * A letter or message another module sends the applicant on a user's behalf (a delayed task's
 * «Отправить письмо», a stage rule's letter): written `queued` into the conversation in the
 * caller's transaction — so it commits with the caller's own record of it, and appears on the
 * card's «Переписка» with its delivery state and «Повторить» — and handed over after the commit
 * by `handOverMessages`. The channel: Telegram when asked and the applicant has a chat on a
 * channel the user may use; else e-mail, the user's own mailbox before the company's. Answers
 * null when the user has no such channel (the caller sends by the server's mail instead).
 */
export async function queueMessageFor(
  tx: Db,
  accountId: number,
  message: {
    applicantId: number;
    /** Who it is sent for: their channels, their name on the message. */
    userId: number;
    /** Preferred channel; e-mail when Telegram is not possible. */
    channel?: 'email' | 'telegram';
    applicantEmail: string | null;
    subject: string | null;
    text: string;
    html?: string | null;
    templateId?: number | null;
  },
): Promise<{ id: number; kind: 'email' | 'telegram'; to: string } | null> {
  const usable = (await repo.listChannels(tx, accountId, { scope: 'all' }))
    .filter((c) => c.state !== 'disabled' && (c.userId === null || c.userId === message.userId))
    // The user's own channels before the company's, then the oldest.
    .sort((a, b) => Number(b.userId !== null) - Number(a.userId !== null) || a.id - b.id);
  let chosen: { channel: (typeof usable)[number]; chat: string } | null = null;
  if (message.channel === 'telegram') {
    for (const channel of usable.filter((c) => c.kind === 'telegram')) {
      const link = await repo.findApplicantChatLink(tx, accountId, channel.id, message.applicantId);
      if (link) {
        chosen = { channel, chat: link.externalChatId };
        break;
      }
    }
  }
  const mailbox = usable.find((c) => c.kind === 'email');
  if (!chosen && mailbox && message.applicantEmail) {
    chosen = { channel: mailbox, chat: message.applicantEmail };
  }
  if (!chosen) return null;
  const link = await repo.findApplicantChatLink(
    tx,
    accountId,
    chosen.channel.id,
    message.applicantId,
  );
  const inserted = await repo.insertMessage(tx, {
    accountId,
    applicantId: message.applicantId,
    channelId: chosen.channel.id,
    channelKind: chosen.channel.kind,
    chatLinkId: link?.id ?? null,
    direction: 'out',
    authorType: 'user',
    authorUserId: message.userId,
    subject: message.subject,
    text: message.text,
    attachments: [],
    templateId: message.templateId ?? null,
    state: 'queued',
    externalChatId: link?.externalChatId ?? chosen.chat,
    meta: message.html && chosen.channel.kind === 'email' ? { html: message.html } : {},
  });
  await announceMessage(tx, accountId, {
    type: 'message_created',
    applicant_id: message.applicantId,
    message_id: inserted.id,
    state: 'queued',
    direction: 'out',
  });
  return {
    id: inserted.id,
    kind: chosen.channel.kind === 'telegram' ? 'telegram' : 'email',
    to: chosen.channel.kind === 'telegram' ? (chosen.channel.address ?? 'Telegram') : chosen.chat,
  };
}

/** After the commit of `queueMessageFor`'s transaction: the messages go to their channels now. */
export const handOverMessages = (accountId: number, ids: number[]) => {
  if (ids.length) kickOutbox(accountId, ids);
};

/** «Повторить»: a failed message goes back to the outbox and is handed over at once. */
export async function retryMessage(tenant: Tenant, session: Session, messageId: number) {
  assertCanMessage(session);
  const { row, names } = await tenant.transaction(async (tx) => {
    const found = await repo.findMessage(tx, tenant.accountId, messageId);
    if (!found) throw notFound(MSG_MESSAGES.messageNotFound);
    await reachedApplicant(tx, tenant, session, found.applicantId).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 404
        ? notFound(MSG_MESSAGES.messageNotFound)
        : error;
    });
    const requeued = await repo.requeueFailed(tx, tenant.accountId, messageId);
    if (!requeued) throw badRequest(MSG_MESSAGES.notRetryable);
    await announceMessage(tx, tenant.accountId, {
      type: 'message_updated',
      applicant_id: requeued.applicantId,
      message_id: requeued.id,
      state: 'queued',
      direction: 'out',
    });
    return { row: requeued, names: await namesFor(tx, tenant.accountId, [requeued]) };
  });
  kickOutbox(tenant.accountId, [row.id]);
  return toMessage(row, names);
}

// ---- incoming ----

export type IncomingAttachment = { fileName: string; mimeType: string; bytes: Buffer };

export type IncomingMessage = {
  channelId: number;
  /** Telegram chat id; for e-mail the sender's address. */
  externalChatId: string;
  /** Telegram message_id, the letter's Message-ID: the message is stored once per these. */
  externalMessageId: string;
  /**
   * Known to the transport (a deep link, e-mail threading); else the chat's link decides. Given,
   * it also links the chat to the applicant (`linkedBy`, default 'manual') if it is not yet.
   */
  applicantId?: number | undefined;
  linkedBy?: 'deep_link' | 'handle' | 'phone' | 'email' | 'manual' | 'site' | undefined;
  text: string;
  subject?: string | null | undefined;
  attachments: IncomingAttachment[];
  sentAt: Date;
  /** How the channel names the applicant (shown nowhere yet; kept in meta). */
  author: { name?: string | null; handle?: string | null; externalUserId?: string | null };
  meta?: Record<string, unknown> | undefined;
};

export type IncomingResult =
  | { stored: true; messageId: number; applicantId: number; duplicate: boolean }
  | { stored: false; reason: 'unlinked' | 'channel_missing' };

/** The notice of an applicant's message: its excerpt and the card's address. */
function incomingNotice(
  recipients: number[],
  applicantName: string,
  channelName: string,
  text: string,
  messageId: number,
  applicantId: number,
): UserNotice {
  const excerpt = text.length > 500 ? `${text.slice(0, 500)}…` : text;
  return {
    event: 'message_received',
    userIds: recipients,
    group: `message:${messageId}`,
    subject: () => `${applicantName} написал(а) в переписке`,
    lead: () => `${applicantName} написал(а) в канале «${channelName}»:`,
    items: [{ text: `${excerpt}\n\nОткрыть карточку:`, path: `/applicant/${applicantId}` }],
  };
}

const ATTACHMENT_TOO_LARGE = (name: string) => `Вложение «${name}» больше 15 МБ и не сохранено`;

/** Who hears of an applicant's message: the channel's user, else those who wrote, else all. */
async function recipientsOf(
  tx: Db,
  tenant: Tenant,
  channel: repo.ChannelRow,
  applicantId: number,
): Promise<number[]> {
  if (channel.userId !== null) return [channel.userId];
  const wrote = await repo.correspondents(tx, tenant.accountId, applicantId);
  if (wrote.length > 0) return wrote;
  const users = await listUsers(tenant);
  return users.filter((u) => u.is_active && u.member_type !== 'watcher').map((u) => u.id);
}

/**
 * An applicant's message from any channel, stored once per (channel, chat, external id): a
 * repeated webhook or poll is answered with the stored message (`duplicate`). Its files are kept
 * as the card's (over 15 MB: not kept, said in `reason`); the users who hear of it get it unread;
 * the card's stream hears of it.
 */
export async function receiveIncoming(
  deps: Pick<MessagingDeps, 'config' | 'database' | 'log'>,
  accountId: number,
  input: IncomingMessage,
): Promise<IncomingResult> {
  const storage = storageFor(deps.config);
  const written: string[] = [];
  let told: ToldUsers | null = null;
  try {
    const result = await deps.database.withTenant(
      accountId,
      async (tx): Promise<IncomingResult> => {
        const channel = await repo.findChannel(tx, accountId, input.channelId);
        if (!channel) return { stored: false, reason: 'channel_missing' };
        const existing = await repo.findMessageByExternal(
          tx,
          accountId,
          channel.id,
          input.externalChatId,
          input.externalMessageId,
        );
        if (existing) {
          return {
            stored: true,
            messageId: existing.id,
            applicantId: existing.applicantId,
            duplicate: true,
          };
        }
        let link = await repo.findChatLink(tx, accountId, channel.id, input.externalChatId);
        const applicantId = input.applicantId ?? link?.applicantId;
        if (applicantId === undefined) return { stored: false, reason: 'unlinked' };
        const [applicant] = await applicantContactsIn(tx, accountId, [applicantId]);
        if (!applicant) return { stored: false, reason: 'unlinked' };
        // The transport knew the applicant (threading, a deep link): replies go to this chat.
        if (link?.applicantId !== applicantId) {
          link = await repo.upsertChatLink(tx, {
            accountId,
            channelId: channel.id,
            externalChatId: input.externalChatId,
            applicantId,
            externalUserId: input.author.externalUserId ?? null,
            handle: input.author.handle ?? null,
            linkedBy: input.linkedBy ?? 'manual',
          });
        }

        const refused: string[] = [];
        const attachments: repo.MessageRow['attachments'] = [];
        for (const file of input.attachments) {
          if (file.bytes.length > MSG_MAX_ATTACHMENT_BYTES) {
            refused.push(ATTACHMENT_TOO_LARGE(file.fileName));
            continue;
          }
          const stored = await storeReceivedFile(tx, storage, accountId, applicantId, file);
          written.push(stored.storageKey);
          attachments.push({
            fileId: stored.id,
            fileName: file.fileName,
            mimeType: file.mimeType,
            sizeBytes: file.bytes.length,
          });
        }
        const row = await repo.insertIncomingOnce(tx, {
          accountId,
          applicantId,
          channelId: channel.id,
          channelKind: channel.kind,
          chatLinkId: link?.id ?? null,
          direction: 'in',
          authorType: 'applicant',
          subject: input.subject ?? null,
          text: input.text,
          attachments,
          state: 'received',
          reason: refused.length > 0 ? refused.join('; ') : null,
          externalChatId: input.externalChatId,
          externalMessageId: input.externalMessageId,
          meta: { ...input.meta, author: input.author },
          sentAt: input.sentAt,
        });
        if (!row) {
          // Another process stored it a moment ago (the unique key): theirs stands.
          const other = await repo.findMessageByExternal(
            tx,
            accountId,
            channel.id,
            input.externalChatId,
            input.externalMessageId,
          );
          return {
            stored: true,
            messageId: other!.id,
            applicantId: other!.applicantId,
            duplicate: true,
          };
        }
        const tenant: Tenant = {
          accountId,
          userId: channel.userId ?? 0,
          transaction: (work) => work(tx),
          read: () => Promise.reject(new Error('not in a transaction of its own')),
        };
        // Who hears of it, each as their notification settings say: unread in the app, a letter,
        // a Telegram message.
        const recipients = await recipientsOf(tx, tenant, channel, applicantId);
        told = await tellUsersIn(
          tx,
          accountId,
          incomingNotice(
            recipients,
            personDisplayName(applicant),
            channel.name,
            input.text,
            row.id,
            applicantId,
          ),
          deps.config,
        );
        await repo.insertUnread(tx, accountId, told.inApp, row.id);
        await announceMessage(tx, accountId, {
          type: 'message_created',
          applicant_id: applicantId,
          message_id: row.id,
          state: 'received',
          direction: 'in',
        });
        return { stored: true, messageId: row.id, applicantId, duplicate: false };
      },
    );
    if (told) await handOverNotices([told], deps);
    return result;
  } catch (error) {
    for (const key of written) await storage.delete(key).catch(() => {});
    throw error;
  }
}

/**
 * A receipt or a bounce for an outgoing message: delivered, read, or failed with the reason
 * (Telegram has no receipts for bots; a DSN names the letter's Message-ID). False if unknown.
 */
export async function markMessageState(
  deps: Pick<MessagingDeps, 'database'>,
  accountId: number,
  ref: { channelId: number; externalChatId?: string | undefined; externalMessageId: string },
  change: { state: 'delivered' | 'read' | 'failed'; reason?: string | null },
) {
  return deps.database.withTenant(accountId, async (tx) => {
    const found =
      ref.externalChatId === undefined
        ? await repo.findByExternalIds(tx, accountId, [ref.externalMessageId])
        : await repo.findMessageByExternal(
            tx,
            accountId,
            ref.channelId,
            ref.externalChatId,
            ref.externalMessageId,
          );
    if (!found || found.direction !== 'out' || found.channelId !== ref.channelId) return false;
    await repo.updateMessage(tx, accountId, found.id, {
      state: change.state,
      reason: change.state === 'failed' ? (change.reason ?? null) : found.reason,
    });
    await announceMessage(tx, accountId, {
      type: 'message_updated',
      applicant_id: found.applicantId,
      message_id: found.id,
      state: change.state,
      direction: 'out',
    });
    return true;
  });
}

// ---- unread and conversations ----

export async function getUnread(
  tenant: Tenant,
  session: Session,
  applicantIds: number[],
): Promise<TUnreadCounters> {
  if (session.memberType === 'watcher') return { total: 0, conversations: 0, applicants: {} };
  return tenant.transaction((tx) =>
    repo.unreadCounters(tx, tenant.accountId, session.userId, applicantIds),
  );
}

/** The caller has read the conversation (the card's tab is open): its unread cleared. */
export async function markRead(tenant: Tenant, session: Session, applicantId: number) {
  return tenant.transaction(async (tx) => {
    await reachedApplicant(tx, tenant, session, applicantId);
    return repo.clearUnread(tx, tenant.accountId, session.userId, applicantId);
  });
}

export async function listConversations(
  tenant: Tenant,
  session: Session,
  query: { page: number; per_page: number },
): Promise<{ items: TConversation[]; total: number; page: number; per_page: number }> {
  assertCanMessage(session);
  return tenant.transaction(async (tx) => {
    const rows = await repo.listConversations(tx, tenant.accountId, session.userId, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    });
    const messages = await repo.findMessagesByIds(
      tx,
      tenant.accountId,
      rows.map((r) => Number(r.last_id)),
    );
    const names = await namesFor(tx, tenant.accountId, messages);
    const byId = new Map(messages.map((m) => [m.id, m]));
    return {
      items: rows.map((r) => ({
        applicant_id: Number(r.applicant_id),
        applicant_name: names.applicants.get(Number(r.applicant_id)) ?? 'Кандидат',
        unread: Number(r.unread),
        last_message: toMessage(byId.get(Number(r.last_id))!, names),
      })),
      total: Number(rows[0]?.total ?? 0),
      page: query.page,
      per_page: query.per_page,
    };
  });
}

/** 404 unless the caller reaches the applicant (the card's event stream asks first). */
export async function assertReachesApplicant(
  tenant: Tenant,
  session: Session,
  applicantId: number,
) {
  await tenant.transaction((tx) => reachedApplicant(tx, tenant, session, applicantId));
}
