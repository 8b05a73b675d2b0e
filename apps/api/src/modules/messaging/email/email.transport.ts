import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { badRequest } from '../../../platform/errors.ts';
import {
  type ConnectContext,
  type Transport,
  type TransportChannel,
  TransportError,
} from '../transports.ts';
import { checkMailbox, MailboxError, type MailboxSettings } from './mailbox.ts';

// The e-mail channel (issue 14, decision 0045): a mailbox of the company or of a user. Letters go
// out through the mailbox's SMTP server (or the server's SMTP_URL), from the mailbox's address,
// with a Message-ID of ours kept on the message; replies are read from its INBOX by IMAP
// (email.poller.ts) and threaded onto the card by that Message-ID.

export const EMAIL_MESSAGES = {
  imapRefused: 'Почтовый сервер не принял логин или пароль (IMAP)',
  smtpRefused: 'SMTP-сервер не принял логин или пароль',
  noSmtp: 'Укажите SMTP-сервер: отправка почты на этом сервере не настроена',
  noRecipient: 'У кандидата нет адреса электронной почты',
  noSender: 'У почтового канала нет SMTP-сервера для отправки',
} as const;

type Settings = Record<string, string | number | boolean | null>;

/** The channel's fields after an update: what the body names, else what the channel had. */
function mergedInput(ctx: ConnectContext) {
  const input = ctx.input;
  const before = ctx.current;
  const pick = <T>(field: string, fallback: T): T =>
    input[field] !== undefined ? (input[field] as T) : fallback;
  const settings = before?.settings ?? {};
  const secrets = before?.secrets ?? {};
  const email = String(pick('email', settings.email ?? ''))
    .trim()
    .toLowerCase();
  return {
    email,
    imapHost: String(pick('imap_host', settings.imap_host ?? '')).trim(),
    imapPort: Number(pick('imap_port', settings.imap_port ?? 993)),
    imapSecure: Boolean(pick('imap_secure', settings.imap_secure ?? true)),
    imapUser: String(pick('imap_user', settings.imap_user ?? '') || email).trim(),
    imapPassword: String(pick('imap_password', secrets.imap_password ?? '')),
    smtpHost: String(pick('smtp_host', settings.smtp_host ?? '')).trim(),
    smtpPort: pick<number | null>('smtp_port', (settings.smtp_port as number | null) ?? null),
    smtpSecure: pick<boolean | null>(
      'smtp_secure',
      (settings.smtp_secure as boolean | null) ?? null,
    ),
    smtpUser: String(pick('smtp_user', settings.smtp_user ?? '')).trim(),
    smtpPassword: String(pick('smtp_password', secrets.smtp_password ?? '')),
  };
}

/** IMAP settings of a stored channel. */
export function mailboxOf(
  channel: Pick<TransportChannel, 'settings' | 'secrets' | 'address'>,
): MailboxSettings {
  const settings = channel.settings;
  return {
    host: String(settings.imap_host ?? ''),
    port: Number(settings.imap_port ?? 993),
    secure: settings.imap_secure !== false,
    user: String(settings.imap_user || settings.email || channel.address || ''),
    password: channel.secrets.imap_password ?? '',
  };
}

type SmtpOptions = {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
};

/** The mailbox's own SMTP server, or null (then the server's SMTP_URL sends). */
function smtpOf(settings: Settings, secrets: Record<string, string>): SmtpOptions | null {
  const host = String(settings.smtp_host ?? '');
  if (!host) return null;
  const secure =
    settings.smtp_secure === null || settings.smtp_secure === undefined
      ? Number(settings.smtp_port ?? 465) === 465
      : Boolean(settings.smtp_secure);
  const port = Number(settings.smtp_port ?? (secure ? 465 : 587));
  const user = String(settings.smtp_user || settings.imap_user || settings.email || '');
  const pass = secrets.smtp_password ?? secrets.imap_password ?? '';
  return { host, port, secure, ...(user && pass ? { auth: { user, pass } } : {}) };
}

const smtpTransport = (smtp: SmtpOptions) =>
  nodemailer.createTransport({
    ...smtp,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });

/** Why SMTP did not take the letter, as a TransportError: 5xx and refused logins are final. */
function smtpFailure(error: unknown): TransportError {
  const failure = error as {
    code?: string;
    responseCode?: number;
    response?: string;
    message?: string;
  };
  if (failure.code === 'EAUTH') {
    return new TransportError(EMAIL_MESSAGES.smtpRefused, { permanent: true });
  }
  const code = failure.responseCode;
  const said = (failure.response ?? failure.message ?? '').slice(0, 300);
  if (code && code >= 500) {
    return new TransportError(`Почтовый сервер отклонил письмо: ${said}`, { permanent: true });
  }
  if (code && code >= 400) {
    // A greylisting or a full queue: the server asks to come back later.
    return new TransportError(`Почтовый сервер просит повторить позже: ${said}`, {
      retryAfterMs: 60_000,
    });
  }
  return new TransportError(`Не удалось связаться с SMTP-сервером: ${failure.code ?? said}`);
}

/**
 * The letter's Message-ID: fixed by the message, so a copy sent again after a crash is
 * recognisably the same letter, and a reply's In-Reply-To finds the message.
 */
export function messageIdFor(channel: TransportChannel, messageId: number) {
  const domain = (channel.address ?? '').split('@')[1] || 'ats.local';
  const tag = createHash('sha256')
    .update(`${channel.accountId}:${channel.id}:${messageId}`)
    .digest('hex')
    .slice(0, 12);
  return `<msg-${channel.accountId}-${messageId}.${tag}@${domain}>`;
}

export const emailTransport: Transport = {
  kind: 'email',

  async connect(ctx) {
    const input = mergedInput(ctx);
    const mailbox: MailboxSettings = {
      host: input.imapHost,
      port: input.imapPort,
      secure: input.imapSecure,
      user: input.imapUser,
      password: input.imapPassword,
    };
    try {
      await checkMailbox(mailbox);
    } catch (error) {
      if (!(error instanceof MailboxError)) throw error;
      const field = error.authentication ? 'imap_password' : 'imap_host';
      throw badRequest(error.message, { [field]: error.message });
    }
    const settings: Settings = {
      email: input.email,
      imap_host: input.imapHost,
      imap_port: input.imapPort,
      imap_secure: input.imapSecure,
      imap_user: input.imapUser,
      smtp_host: input.smtpHost || null,
      smtp_port: input.smtpHost ? input.smtpPort : null,
      smtp_secure: input.smtpHost ? input.smtpSecure : null,
      smtp_user: input.smtpHost ? input.smtpUser || null : null,
    };
    const secrets: Record<string, string> = { imap_password: input.imapPassword };
    if (input.smtpHost && input.smtpPassword) secrets.smtp_password = input.smtpPassword;
    const smtp = smtpOf(settings, secrets);
    if (smtp) {
      try {
        await smtpTransport(smtp).verify();
      } catch (error) {
        const failure = smtpFailure(error);
        const field = (error as { code?: string }).code === 'EAUTH' ? 'smtp_password' : 'smtp_host';
        throw badRequest(failure.reason, { [field]: failure.reason });
      }
    } else if (!ctx.config.SMTP_URL) {
      throw badRequest(EMAIL_MESSAGES.noSmtp, { smtp_host: EMAIL_MESSAGES.noSmtp });
    }
    const sameMailbox =
      ctx.current?.settings.imap_host === input.imapHost &&
      ctx.current.settings.imap_user === input.imapUser;
    return {
      defaultName: input.email,
      address: input.email,
      externalId: input.email,
      settings,
      secrets,
      // A new mailbox is read from now on: older letters are not the conversation's.
      ...(sameMailbox ? {} : { syncState: { since: new Date().toISOString() } }),
    };
  },

  async send(ctx) {
    const { channel, message, recipient } = ctx;
    if (!recipient.email) throw new TransportError(EMAIL_MESSAGES.noRecipient, { permanent: true });
    if (!channel.address) throw new TransportError(EMAIL_MESSAGES.noSender, { permanent: true });
    const smtp = smtpOf(channel.settings, channel.secrets);
    if (!smtp && !ctx.config.SMTP_URL) {
      throw new TransportError(EMAIL_MESSAGES.noSender, { permanent: true });
    }
    const transport = smtp ? smtpTransport(smtp) : nodemailer.createTransport(ctx.config.SMTP_URL!);
    const messageId = messageIdFor(channel, message.id);
    // The applicant's mail program threads our letter under the conversation's earlier ones.
    const thread = ctx.thread.filter((id) => /^<[^<>\s]+>$/.test(id)).slice(-20);
    const attachments = await Promise.all(
      message.attachments.map(async (file) => ({
        filename: file.fileName,
        contentType: file.mimeType,
        content: await file.read(),
      })),
    );
    const subject = message.subject?.trim() || `Сообщение от ${channel.name}`;
    try {
      await transport.sendMail({
        from: {
          name: channel.name === channel.address ? '' : channel.name,
          address: channel.address,
        },
        to: recipient.applicantName
          ? { name: recipient.applicantName, address: recipient.email }
          : recipient.email,
        subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId,
        ...(thread.length > 0 ? { inReplyTo: thread.at(-1)!, references: thread } : {}),
        attachments,
      });
    } catch (error) {
      throw smtpFailure(error);
    } finally {
      transport.close();
    }
    return {
      externalId: messageId,
      externalChatId: recipient.email.toLowerCase(),
      state: 'sent',
      meta: {
        to: recipient.email,
        subject,
        ...(thread.length > 0 ? { in_reply_to: thread.at(-1), references: thread } : {}),
      },
    };
  },
};
