import { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestImapServer } from '../../../../test/dovecot.ts';

// The IMAP server the e-mail transport's tests run against: a real Dovecot per test file.
describe('test Dovecot (scripts/start-dovecot.sh)', () => {
  let first: TestImapServer;
  let second: TestImapServer;
  beforeAll(async () => {
    [first, second] = await Promise.all([startDovecot(), startDovecot()]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
  });

  const connect = (server: TestImapServer, user = server.user, pass = server.password) =>
    new ImapFlow({
      host: server.host,
      port: server.port,
      secure: false,
      auth: { user, pass },
      logger: false,
    });

  it('two servers run side by side, each with its own mail', async () => {
    expect(first.port).not.toBe(second.port);
    await first.deliver(
      'From: a@example.com\r\nSubject: one\r\nMessage-ID: <one@example.com>\r\n\r\nтекст\r\n',
    );
    const client = connect(second);
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    try {
      expect((client.mailbox as { exists: number }).exists).toBe(0);
    } finally {
      lock.release();
      await client.logout();
    }
  });

  it('takes users added to its passwd-file and keeps UIDs', async () => {
    first.addUser('hr@example.com', 'секрет-1');
    const uid1 = await first.deliver('Subject: a\r\n\r\na\r\n', {
      user: 'hr@example.com',
      password: 'секрет-1',
    });
    const uid2 = await first.deliver('Subject: b\r\n\r\nb\r\n', {
      user: 'hr@example.com',
      password: 'секрет-1',
    });
    expect(uid2).toBeGreaterThan(uid1);
    const client = connect(first, 'hr@example.com', 'секрет-1');
    await client.connect();
    const lock = await client.getMailboxLock('INBOX');
    try {
      const subjects: string[] = [];
      for await (const message of client.fetch(`${uid2}:*`, { envelope: true }, { uid: true })) {
        subjects.push(message.envelope?.subject ?? '');
      }
      expect(subjects).toEqual(['b']);
    } finally {
      lock.release();
      await client.logout();
    }
  });

  it('refuses a wrong password', async () => {
    const client = connect(first, first.user, 'wrong');
    await expect(client.connect()).rejects.toThrow();
  });
});
