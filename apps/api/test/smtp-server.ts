import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
};

/** A real SMTP server on loopback; what it receives is kept for the test to read. */
export async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  /** The logins clients gave (AUTH is optional; any password is taken). */
  const logins: { user: string; password: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ user: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''),
          text: decodeBody(raw),
        });
        callback();
      });
    },
  });
  // A client that dies mid-session (a worker killed by a restart test) resets its connection; a
  // real server logs that and serves the next one, so ours must not throw it at the test runner.
  const connectionErrors: Error[] = [];
  server.on('error', (error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    logins,
    connectionErrors,
    /** Waits until `count` messages arrived (delivery is asynchronous on the wire). */
    async waitFor(count: number, timeoutMs = 5000) {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) {
          throw new Error(`expected ${count} mails, got ${received.length}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    /** Waits for the `nth` (1-based) message that `matches`, and returns it. */
    async waitForLetter(matches: (mail: ReceivedMail) => boolean, nth = 1, timeoutMs = 10_000) {
      const started = Date.now();
      for (;;) {
        const mail = received.filter(matches)[nth - 1];
        if (mail) return mail;
        if (Date.now() - started > timeoutMs) throw new Error(`expected mail ${nth}, none came`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeHeader(value: string) {
  return value
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(decodeQuotedPrintable(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
    )
    .trim();
}

function decodeQuotedPrintable(value: string) {
  return value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeBody(raw: string) {
  const [headers = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(headers)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    return Buffer.from(decodeQuotedPrintable(body), 'latin1').toString('utf8');
  }
  return body;
}
