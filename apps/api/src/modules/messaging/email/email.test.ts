import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../../test/applicant-factory.ts';
import { systemRows } from '../../../../test/db-helpers.ts';
import { startDovecot, type TestImapServer } from '../../../../test/dovecot.ts';
import { type SignedUp, signUpCompany } from '../../../../test/factories.ts';
import { startSmtpServer } from '../../../../test/smtp-server.ts';
import { call, createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { listActiveChannels } from '../messaging.service.ts';
import { pollMailbox, pollMailboxes } from './email.poller.ts';
import { EMAIL_MESSAGES } from './email.transport.ts';

// The e-mail channel end to end: connected through the API against a real IMAP server (Dovecot)
// and a real SMTP server, a letter sent from the card, the applicant's reply read from the
// mailbox onto the same conversation, a bounce failing the letter.

let t: TestApp;
let imap: TestImapServer;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: SignedUp;
let other: SignedUp;
let petr = 0;
let anna = 0;
let channelId = 0;
const MAILBOX = 'hr@company.test';
const PASSWORD = 'почта-пароль';

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, who = admin) =>
  call(t.app, method, url, body, { token: who.token });
const deps = () => ({ config: t.config, database: t.database, log: t.app.log });

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Message = {
  id: number;
  direction: string;
  text: string;
  subject: string | null;
  state: string;
  reason: string | null;
  channel_kind: string;
  attachments: { file_name: string; size_bytes: number; url: string }[];
};
const history = async (applicantId: number, who = admin) => {
  const answer = await api(
    'GET',
    `/api/msg_integrations/chats/applicant_chats_history/${applicantId}`,
    undefined,
    who,
  );
  return answer.body.message as { items: Message[]; total: number; unread: number };
};
const messageRow = (id: number) =>
  systemRows<{ state: string; reason: string | null; external_message_id: string | null }>(
    t.database,
    sql`select state, reason, external_message_id from msg_messages where id = ${id}`,
  ).then((rows) => rows[0]!);
const channel = async () =>
  (await listActiveChannels(deps() as never, 'email')).find((c) => c.id === channelId)!;

const mailboxBody = () => ({
  kind: 'email',
  email: MAILBOX,
  imap_host: imap.host,
  imap_port: imap.port,
  imap_secure: false,
  imap_password: PASSWORD,
  smtp_host: '127.0.0.1',
  smtp_port: Number(new URL(smtp.url).port),
  smtp_secure: false,
});

beforeAll(async () => {
  [imap, smtp] = await Promise.all([startDovecot(), startSmtpServer()]);
  imap.addUser(MAILBOX, PASSWORD);
  t = await createTestApp({ SECRETS_KEY: 'email-channel-test-key' });
  admin = await signUpCompany(t.app);
  other = await signUpCompany(t.app);
  [petr = 0, anna = 0] = await insertApplicants(t.database, admin.accountId, [
    { firstName: 'Пётр', lastName: 'Смирнов', email: 'Petr@Example.com' },
    { firstName: 'Анна', lastName: 'Козлова', email: 'anna@example.com' },
  ]);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.stop(), smtp?.close()]);
});

describe('connecting a mailbox', () => {
  it('refuses a wrong IMAP password and a server that does not answer, in Russian, by field', async () => {
    const wrong = await api('POST', '/api/msg_integrations/msg_channels', {
      ...mailboxBody(),
      imap_password: 'не тот',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ imap_password: EMAIL_MESSAGES.imapRefused });
    const down = await api('POST', '/api/msg_integrations/msg_channels', {
      ...mailboxBody(),
      imap_port: 1,
    });
    expect(down.status).toBe(400);
    expect(down.body.errors?.imap_host).toMatch(/^Не удалось подключиться к IMAP-серверу/);
  });

  it('connects with the login checked and keeps the passwords out of every answer', async () => {
    const created = await api('POST', '/api/msg_integrations/msg_channels', mailboxBody());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    channelId = (created.body.message as { id: number }).id;
    expect(created.body.message).toMatchObject({
      kind: 'email',
      name: MAILBOX,
      address: MAILBOX,
      state: 'active',
      has_secret: true,
      settings: { imap_host: imap.host, imap_port: imap.port, imap_user: MAILBOX },
    });
    const listed = await api('GET', '/api/msg_integrations/msg_channels');
    expect(JSON.stringify([created.body, listed.body])).not.toContain(PASSWORD);
    const [row] = await systemRows<{ secrets: string }>(
      t.database,
      sql`select secrets from msg_channels where id = ${channelId}`,
    );
    expect(row!.secrets).not.toContain(PASSWORD);
  });
});

describe('a conversation by e-mail', () => {
  let letterId = 0;
  let letterMessageId = '';

  it('sends a letter from the card through the mailbox’s SMTP, with our Message-ID kept', async () => {
    const sent = await api('POST', `/api/msg_integrations/chats/applicant_chats/${petr}/messages`, {
      channel_id: channelId,
      subject: 'Приглашение на собеседование',
      text: 'Пётр, приглашаем вас в среду.',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    letterId = (sent.body.message as { id: number }).id;
    const row = await waitFor(
      () => messageRow(letterId),
      (r) => r.state !== 'queued' && r.state !== 'sending',
    );
    expect(row.state, row.reason ?? '').toBe('sent');
    letterMessageId = row.external_message_id!;
    expect(letterMessageId).toMatch(/^<msg-\d+-\d+\.[0-9a-f]{12}@company\.test>$/);
    const mail = await smtp.waitForLetter((m) => m.raw.includes(letterMessageId));
    expect(mail.to.map((to) => to.toLowerCase())).toEqual(['petr@example.com']);
    expect(mail.from).toBe(MAILBOX);
    expect(mail.subject).toBe('Приглашение на собеседование');
    expect(mail.text).toContain('Пётр, приглашаем вас в среду.');
    // The mailbox's login, as its SMTP server asks for.
    expect(smtp.logins.at(-1)).toEqual({ user: MAILBOX, password: PASSWORD });
  });

  it('reads the reply from the mailbox onto the card by In-Reply-To, once', async () => {
    // From another address than the card's: the thread decides, not the sender.
    await imap.deliver(
      [
        'From: =?UTF-8?B?0J/RkdGC0YA=?= <petr.smirnov@work.example>',
        `To: ${MAILBOX}`,
        'Subject: Re: Приглашение на собеседование',
        'Message-ID: <reply-1@work.example>',
        `In-Reply-To: ${letterMessageId}`,
        `References: ${letterMessageId}`,
        'MIME-Version: 1.0',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Спасибо, приду!',
        '',
        '> Пётр, приглашаем вас в среду.',
        '',
      ].join('\r\n'),
      { user: MAILBOX, password: PASSWORD },
    );
    const pass = await pollMailbox(deps(), await channel());
    expect(pass.outcomes).toEqual(['stored']);
    const seen = await history(petr);
    expect(seen.items[0]).toMatchObject({
      direction: 'in',
      channel_kind: 'email',
      subject: 'Re: Приглашение на собеседование',
      text: 'Спасибо, приду!',
      state: 'received',
    });
    expect(seen.unread).toBe(1);
    expect(seen.items.map((m) => m.id)).toContain(letterId);

    // Polled again (another process, a restart): nothing new, nothing twice.
    await pollMailboxes(deps());
    const again = (await channel()).syncState;
    expect(again).toMatchObject({ last_uid: 1 });
    expect((await history(petr)).total).toBe(2);
  });

  it('takes a letter without thread ids by the sender’s address, with its files', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await imap.deliver(
      [
        'From: anna@example.com',
        `To: ${MAILBOX}`,
        'Subject: Резюме',
        'Message-ID: <anna-1@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"',
        '',
        '--B',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Добрый день, резюме во вложении.',
        '--B',
        'Content-Type: application/pdf; name="cv.pdf"',
        'Content-Disposition: attachment; filename="cv.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        pdf.toString('base64'),
        '--B--',
        '',
      ].join('\r\n'),
      { user: MAILBOX, password: PASSWORD },
    );
    // And one from nobody on any card: not stored anywhere.
    await imap.deliver('From: spam@nowhere.test\r\nSubject: Sale\r\n\r\nКупите!\r\n', {
      user: MAILBOX,
      password: PASSWORD,
    });
    const pass = await pollMailbox(deps(), await channel());
    expect(pass.outcomes).toEqual(['stored', 'unknown_sender']);
    const [message] = (await history(anna)).items;
    expect(message).toMatchObject({ text: 'Добрый день, резюме во вложении.', reason: null });
    expect(message!.attachments).toMatchObject([{ file_name: 'cv.pdf', size_bytes: pdf.length }]);
    const file = await t.app.inject({
      method: 'GET',
      url: message!.attachments[0]!.url,
      headers: { 'x-dcrt-hrm-auth': admin.token },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    const otherAccount = await api(
      'GET',
      `/api/msg_integrations/chats/applicant_chats_history/${anna}`,
      undefined,
      other,
    );
    expect(otherAccount.status).toBe(404);
  });

  it('keeps a letter whose file is over 15 MB, without the file, and says so', async () => {
    const big = Buffer.alloc(15 * 1024 * 1024 + 1, 7);
    await imap.deliver(
      [
        'From: anna@example.com',
        `To: ${MAILBOX}`,
        'Subject: Портфолио',
        'Message-ID: <anna-2@example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/mixed; boundary="B"',
        '',
        '--B',
        'Content-Type: text/plain; charset=utf-8',
        '',
        'Портфолио большое.',
        '--B',
        'Content-Type: application/zip; name="portfolio.zip"',
        'Content-Disposition: attachment; filename="portfolio.zip"',
        'Content-Transfer-Encoding: base64',
        '',
        big.toString('base64').replace(/.{76}/g, '$&\r\n'),
        '--B--',
        '',
      ].join('\r\n'),
      { user: MAILBOX, password: PASSWORD },
    );
    await pollMailbox(deps(), await channel());
    const [message] = (await history(anna)).items;
    expect(message).toMatchObject({
      text: 'Портфолио большое.',
      attachments: [],
      reason: 'Вложение «portfolio.zip» больше 15 МБ и не сохранено',
    });
  });

  it('a delivery report marks our letter failed with the reason', async () => {
    await imap.deliver(
      [
        'From: MAILER-DAEMON@mx.example.com (Mail Delivery System)',
        `To: ${MAILBOX}`,
        'Subject: Undelivered Mail Returned to Sender',
        'Message-ID: <bounce-1@mx.example.com>',
        'MIME-Version: 1.0',
        'Content-Type: multipart/report; report-type=delivery-status; boundary="R"',
        '',
        '--R',
        'Content-Type: text/plain',
        '',
        'Your message could not be delivered.',
        '--R',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example.com',
        '',
        'Final-Recipient: rfc822; petr@example.com',
        'Action: failed',
        'Status: 5.1.1',
        'Diagnostic-Code: smtp; 550 5.1.1 User unknown',
        '',
        '--R',
        'Content-Type: text/rfc822-headers',
        '',
        `From: ${MAILBOX}`,
        'To: petr@example.com',
        `Message-ID: ${letterMessageId}`,
        '',
        '--R--',
        '',
      ].join('\r\n'),
      { user: MAILBOX, password: PASSWORD },
    );
    const pass = await pollMailbox(deps(), await channel());
    expect(pass.outcomes).toEqual(['bounce']);
    expect(await messageRow(letterId)).toMatchObject({
      state: 'failed',
      reason: 'Письмо не доставлено на petr@example.com: такого адреса нет: 550 5.1.1 User unknown',
    });
    // The report itself is no message of the applicant.
    expect((await history(petr)).total).toBe(2);
  });

  it('a mailbox that cannot be read puts the channel in error with the reason, then recovers', async () => {
    const current = await channel();
    const broken = { ...current, secrets: { ...current.secrets, imap_password: 'сменили' } };
    await pollMailbox(deps(), broken);
    const failing = await api('GET', `/api/msg_integrations/msg_channels/${channelId}`);
    expect(failing.body.message).toMatchObject({
      state: 'error',
      last_error: EMAIL_MESSAGES.imapRefused,
    });
    await pollMailbox(deps(), await channel());
    const back = await api('GET', `/api/msg_integrations/msg_channels/${channelId}`);
    expect(back.body.message).toMatchObject({ state: 'active', last_error: null });
  });
});
