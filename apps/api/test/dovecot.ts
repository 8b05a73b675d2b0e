import { execFile, execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A real IMAP server (Dovecot) of a test's own, from scripts/start-dovecot.sh. */
export type TestImapServer = {
  host: string;
  port: number;
  /** The mailbox user every server starts with (`ats` / `ats`). */
  user: string;
  password: string;
  /** Dovecot's temp dir (config, log, users' passwd-files, Maildirs). */
  dir: string;
  /** Adds a mailbox user (a passwd-file of its own, read at its first login). */
  addUser: (user: string, password: string) => void;
  /**
   * Puts a raw RFC 822 message into a user's mailbox, as a delivery would (arrived at
   * `internalDate`, default now); returns its UID.
   */
  deliver: (
    raw: string | Buffer,
    options?: { user?: string; password?: string; mailbox?: string; internalDate?: Date },
  ) => Promise<number>;
  /** Stops the server and deletes its mail. */
  stop: () => Promise<void>;
};

/**
 * Starts Dovecot on a free loopback port in a temp dir (installing `dovecot-imapd` with apt when
 * missing and running as root, as CI does). Several may run at once, one per test file.
 */
export async function startDovecot(): Promise<TestImapServer> {
  const script = path.join(repoRoot, 'scripts/start-dovecot.sh');
  const { stdout } = await run('bash', [script], { cwd: repoRoot, timeout: 600_000 }).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(`scripts/start-dovecot.sh failed: ${error.stderr ?? error.message}`);
    },
  );
  const line = stdout.trim().split('\n').at(-1) ?? '';
  const url = /IMAP_TEST_URL=(\S+)/.exec(line)?.[1];
  const dir = /DOVECOT_DIR=(\S+)/.exec(line)?.[1];
  if (!url || !dir) throw new Error(`scripts/start-dovecot.sh printed no server: ${line}`);
  const parsed = new URL(url);
  const stopSync = () => {
    try {
      execFileSync('bash', [path.join(repoRoot, 'scripts/stop-dovecot.sh'), dir], {
        stdio: 'ignore',
      });
    } catch {
      // already gone
    }
  };
  // A test process that ends without its afterAll (a crash, a timeout) must not leave the
  // daemon behind.
  process.once('exit', stopSync);
  const server: TestImapServer = {
    host: parsed.hostname,
    port: Number(parsed.port),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    dir,
    addUser(user, password) {
      if (!/^[\w.@+-]+$/.test(user) || /[:\n]/.test(password)) {
        throw new Error(`not a passwd-file user: ${user}`);
      }
      writeFileSync(path.join(dir, 'users', user), `${user}:{PLAIN}${password}::::\n`, {
        mode: 0o644,
        flag: 'wx',
      });
    },
    async deliver(raw, options = {}) {
      const client = new ImapFlow({
        host: server.host,
        port: server.port,
        secure: false,
        auth: { user: options.user ?? server.user, pass: options.password ?? server.password },
        logger: false,
      });
      await client.connect();
      try {
        const appended = await client.append(
          options.mailbox ?? 'INBOX',
          raw,
          [],
          options.internalDate,
        );
        if (!appended || !appended.uid) throw new Error('APPEND returned no UID');
        return appended.uid;
      } finally {
        await client.logout();
      }
    },
    async stop() {
      process.removeListener('exit', stopSync);
      await run('bash', [path.join(repoRoot, 'scripts/stop-dovecot.sh'), dir]).catch(
        () => undefined,
      );
    },
  };
  return server;
}
