import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDovecot, type TestImapServer } from '../../../../test/dovecot.ts';
import {
  checkMailbox,
  type FetchedLetter,
  MailboxError,
  type MailboxSettings,
  readNewLetters,
} from './mailbox.ts';

// Reading a mailbox against a real IMAP server (Dovecot, scripts/start-dovecot.sh).
describe('mailbox over IMAP', () => {
  let imap: TestImapServer;
  beforeAll(async () => {
    imap = await startDovecot();
  });
  afterAll(async () => {
    await imap?.stop();
  });

  let users = 0;
  const mailbox = () => {
    users += 1;
    const settings: MailboxSettings = {
      host: imap.host,
      port: imap.port,
      secure: false,
      user: `hr${users}@company.ru`,
      password: `пароль-${users}`,
    };
    imap.addUser(settings.user, settings.password);
    const deliver = (subject: string, internalDate?: Date) =>
      imap.deliver(
        `From: a@example.ru\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@example.ru>\r\n\r\n${subject}\r\n`,
        {
          user: settings.user,
          password: settings.password,
          ...(internalDate ? { internalDate } : {}),
        },
      );
    return { settings, deliver };
  };
  const subjectOf = (letter: FetchedLetter) =>
    /^Subject: (.*)$/m.exec(letter.source.toString('utf8'))?.[1]?.trim();

  it('checks the login and tells a refused password from a server that does not answer', async () => {
    const { settings } = mailbox();
    await expect(checkMailbox(settings)).resolves.toBeUndefined();
    const refused = await checkMailbox({ ...settings, password: 'wrong' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MailboxError);
    expect(refused).toMatchObject({
      authentication: true,
      message: 'Почтовый сервер не принял логин или пароль (IMAP)',
    });
    const unreachable = await checkMailbox({ ...settings, port: 1 }).catch((e: unknown) => e);
    expect(unreachable).toMatchObject({ authentication: false });
    expect((unreachable as Error).message).toMatch(
      /^Не удалось подключиться к IMAP-серверу 127\.0\.0\.1:1: /,
    );
  });

  it('reads the letters since the mailbox was connected, then each new one once, by UID', async () => {
    const { settings, deliver } = mailbox();
    await deliver('old', new Date(Date.now() - 3 * 86_400_000));
    const since = new Date().toISOString();
    await deliver('first');
    await deliver('second');

    const seen: string[] = [];
    const onLetter = async (letter: FetchedLetter) => {
      seen.push(subjectOf(letter)!);
    };
    const pass1 = await readNewLetters(settings, { since }, onLetter);
    expect(seen).toEqual(['first', 'second']);
    expect(pass1).toMatchObject({ read: 2, more: false, progress: { since, last_uid: 3 } });
    expect(pass1.progress.uid_validity).toMatch(/^\d+$/);

    const pass2 = await readNewLetters(settings, pass1.progress, onLetter);
    expect(pass2).toMatchObject({ read: 0, progress: { last_uid: 3 } });
    await deliver('third');
    const pass3 = await readNewLetters(settings, pass2.progress, onLetter);
    expect(seen).toEqual(['first', 'second', 'third']);
    expect(pass3.progress.last_uid).toBe(4);
  });

  it('an empty mailbox starts after its newest UID; a letter that fails is read again', async () => {
    const { settings, deliver } = mailbox();
    const empty = await readNewLetters(
      settings,
      { since: new Date().toISOString() },
      async () => {},
    );
    expect(empty.progress.last_uid).toBe(0);
    await deliver('one');
    await deliver('two');
    const seen: string[] = [];
    const failing = await readNewLetters(settings, empty.progress, async (letter) => {
      if (subjectOf(letter) === 'two') throw new Error('database down');
      seen.push(subjectOf(letter)!);
    });
    expect(failing).toMatchObject({ read: 1, more: true, progress: { last_uid: 1 } });
    expect((failing.error as Error).message).toBe('database down');
    await readNewLetters(settings, failing.progress, async (letter) => {
      seen.push(subjectOf(letter)!);
    });
    expect(seen).toEqual(['one', 'two']);
  });

  it('reads again from `since` when the UIDs were renumbered (another UIDVALIDITY)', async () => {
    const { settings, deliver } = mailbox();
    const since = new Date().toISOString();
    await deliver('kept');
    const seen: string[] = [];
    await readNewLetters(settings, { since, uid_validity: '1', last_uid: 99 }, async (letter) => {
      seen.push(subjectOf(letter)!);
    });
    expect(seen).toEqual(['kept']);
  });
});
