import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, which the test may kill and start again: the same steps as
 * scripts/start-postgres.sh (initdb in a temp dir, trust auth, 127.0.0.1 only; as the `postgres`
 * OS user when running as root, since initdb and postgres refuse root), without installing
 * anything. Unlike that script it keeps synchronous_commit on: a commit a client saw must survive
 * the postmaster being killed, which is what a test of a restart checks.
 */
export type ThrowawayPostgres = {
  url: string;
  port: number;
  /** SIGKILL to the postmaster, as an OOM killer or a crash would; waits until it is gone. */
  kill: () => Promise<void>;
  /** Starts the server again on the same data and port (crash recovery first). */
  start: () => Promise<void>;
  /** Stops the server if running and deletes its data. */
  destroy: () => Promise<void>;
};

/** The newest PostgreSQL server binaries installed (Debian layout), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : null;
}

const isRoot = () => process.getuid?.() === 0;

export async function startThrowawayPostgres(port: number): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  const dir = mkdtempSync(path.join(tmpdir(), `ats-restart-${port}-`));
  const data = path.join(dir, 'data');
  const asOwner = async (tool: string, args: string[]) => {
    const [command, argv] = isRoot()
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    // The postgres user may not enter the caller's directory.
    return run(command, argv, { cwd: '/', timeout: 60_000 });
  };
  try {
    if (isRoot()) chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    await asOwner('initdb', [
      `--pgdata=${data}`,
      '--username=postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
    ]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const options = [
    '-c listen_addresses=127.0.0.1',
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c synchronous_commit=on',
    '-c max_connections=100',
  ].join(' ');

  const postmasterPid = () =>
    Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  // A killed postmaster may linger as a zombie until whatever adopted it reaps it: dead already
  // (read from /proc: this runs on Linux, where the binaries above are).
  const alive = (pid: number) => {
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return false;
    }
  };
  const start = async () => {
    // Right after a kill, children of the dead postmaster may still hold its shared memory for a
    // moment: the new postmaster refuses to start until they are gone.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await asOwner('pg_ctl', [
          `--pgdata=${data}`,
          `--log=${path.join(dir, 'server.log')}`,
          `--options=${options}`,
          '--wait',
          '--timeout=60',
          'start',
        ]);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const stop = async () => {
    if (!existsSync(path.join(data, 'postmaster.pid'))) return;
    await asOwner('pg_ctl', [`--pgdata=${data}`, '--mode=immediate', '--wait', 'stop']).catch(
      () => undefined,
    );
  };

  const destroy = async () => {
    await stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await start();
  } catch (error) {
    await destroy();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    kill: async () => {
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    destroy,
  };
}

function idField(name: string, field: 2 | 3): number {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) throw new Error(`no OS user ${name}: create it (useradd --system ${name})`);
  return Number(line.split(':')[field]);
}
const uidOf = (name: string) => idField(name, 2);
const gidOf = (name: string) => idField(name, 3);
