import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** What the tests read back: one entry per delivered message. */
export type CapturedMail = {
  to: string[];
  subject: string;
  text: string;
  /** The iCalendar object of an invitation (its text/calendar part), when the mail has one. */
  calendar?: string;
  receivedAt: string;
};

/** A real SMTP server on loopback that keeps every message it is handed, decoded to plain text. */
export async function startMailCatcher() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { subject, text, calendar } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject,
          text,
          ...(calendar ? { calendar } : {}),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Part = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): Buffer {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?utf-8?B?…?= / =?utf-8?Q?…?=), as nodemailer writes non-ASCII subjects. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, data: string) =>
        encoding.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') {
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** The plain-text body: the message itself, or the first text/plain part of a multipart one. */
function plainText(part: Part): string {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const pieces = part.body.split(`--${boundary}`).slice(1);
    for (const piece of pieces) {
      if (piece.startsWith('--')) break;
      const text = plainText(splitHeaders(piece.replace(/^\r?\n/, '')));
      if (text) return text;
    }
    return '';
  }
  return /^text\/plain/i.test(type) ? decodeBody(part) : '';
}

/** The first text/calendar part, decoded, however deep in the multipart tree it is. */
function calendarPart(part: Part): string | null {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (/^text\/calendar/i.test(type)) return decodeBody(part);
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return null;
  for (const piece of part.body.split(`--${boundary}`).slice(1)) {
    if (piece.startsWith('--')) break;
    const found = calendarPart(splitHeaders(piece.replace(/^\r?\n/, '')));
    if (found) return found;
  }
  return null;
}

function parseMessage(raw: string) {
  const message = splitHeaders(raw);
  return {
    subject: decodeEncodedWords(message.headers.get('subject') ?? ''),
    text: plainText(message).replace(/\r\n/g, '\n'),
    calendar: calendarPart(message) ?? undefined,
  };
}
