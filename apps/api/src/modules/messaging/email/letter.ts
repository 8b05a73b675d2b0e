import { Parser } from 'htmlparser2';
import { type AddressObject, type Attachment, simpleParser } from 'mailparser';

/**
 * A letter read from the mailbox, reduced to what the conversation needs: who wrote, what, the
 * ids that thread it (Message-ID, In-Reply-To, References), its files, and, for a delivery report
 * (DSN, RFC 3464), which of our letters failed and why.
 */
export type ParsedLetter = {
  /** `<id@host>`, or null when the letter has none. */
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: { address: string; name: string } | null;
  to: string[];
  subject: string;
  /** The new text of the letter: plain text (or the HTML's text), the quoted history cut off. */
  text: string;
  sentAt: Date | null;
  attachments: LetterAttachment[];
  /** A delivery report saying our letter was not delivered; null for any other letter. */
  bounce: Bounce | null;
  /** A delivery report of any kind (failed, delayed, delivered): not a message of the applicant. */
  report: boolean;
  /** An automatic letter (RFC 3834 Auto-Submitted, a delayed-delivery report…). */
  automatic: boolean;
};

export type LetterAttachment = { fileName: string; mimeType: string; bytes: Buffer };

export type Bounce = {
  /** The Message-IDs the report names as the undelivered letter (most specific first). */
  originalMessageIds: string[];
  recipient: string | null;
  /** The enhanced status code (RFC 3463), e.g. 5.1.1. */
  status: string | null;
  /** Why, in Russian, for the message's `reason`. */
  reason: string;
};

const MESSAGE_ID = /<[^<>\s]+>/g;

/** Every `<id>` in a header value, in order, without duplicates. */
export function messageIdsOf(value: unknown): string[] {
  const text = Array.isArray(value) ? value.join(' ') : typeof value === 'string' ? value : '';
  return [...new Set(text.match(MESSAGE_ID) ?? [])];
}

const firstAddress = (value: AddressObject | AddressObject[] | undefined) => {
  const objects = Array.isArray(value) ? value : value ? [value] : [];
  for (const object of objects) {
    for (const entry of object.value) {
      if (entry.address) return { address: entry.address.toLowerCase(), name: entry.name ?? '' };
    }
  }
  return null;
};

const allAddresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : []).flatMap((object) =>
    object.value.flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );

/** Parses a raw RFC 5322 letter (as IMAP hands it over). */
export async function parseLetter(source: Buffer | string): Promise<ParsedLetter> {
  // The delivery-status part stays a part of its own (not glued into the text).
  const parsed = await simpleParser(source, {
    skipTextLinks: true,
    skipImageLinks: true,
    keepDeliveryStatus: true,
  });
  const header = (name: string) => {
    const value = parsed.headers.get(name);
    return typeof value === 'string' ? value : '';
  };
  const contentType = parsed.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  const isReport =
    contentType?.value === 'multipart/report' &&
    (contentType.params?.['report-type'] ?? '').toLowerCase() === 'delivery-status';
  const from = firstAddress(parsed.from);
  // An HTML-only letter nested in multipart/related: mailparser leaves the text empty.
  const rawText = parsed.text?.trim()
    ? parsed.text
    : typeof parsed.html === 'string'
      ? htmlToPlainText(parsed.html)
      : '';
  const autoSubmitted = header('auto-submitted').toLowerCase();
  const letter: ParsedLetter = {
    messageId: messageIdsOf(parsed.messageId)[0] ?? null,
    inReplyTo: messageIdsOf(parsed.inReplyTo),
    references: messageIdsOf(parsed.references),
    from,
    to: allAddresses(parsed.to),
    subject: parsed.subject ?? '',
    text: '',
    sentAt: parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : null,
    attachments: [],
    bounce: null,
    report: false,
    automatic: Boolean(autoSubmitted && autoSubmitted !== 'no'),
  };

  if (isReport || looksLikeBounce(letter)) {
    const report = readDeliveryReport(
      [
        ...parsed.attachments.filter(isReportPart).map((a) => a.content.toString('utf8')),
        rawText,
      ].join('\n\n'),
      parsed.attachments,
    );
    if (report.action === 'failed' || (report.status ?? '').startsWith('5')) {
      const originals = [
        ...report.originalMessageIds,
        // Some servers thread their report onto the letter instead.
        ...letter.inReplyTo,
        ...[...letter.references].reverse(),
      ].filter((id) => id !== letter.messageId);
      letter.bounce = {
        originalMessageIds: [...new Set(originals)],
        recipient: report.recipient,
        status: report.status,
        reason: bounceReason(report),
      };
    }
    letter.automatic = true;
    letter.report = true;
    letter.text = rawText.trim();
    return letter;
  }

  letter.text = stripQuotedReply(rawText);
  letter.attachments = parsed.attachments
    // Pictures the HTML shows (a signature's logo) are part of the layout, not files sent.
    .filter((attachment) => !attachment.related && !isReportPart(attachment))
    .map((attachment) => ({
      fileName: attachment.filename ?? defaultFileName(attachment),
      mimeType: attachment.contentType || 'application/octet-stream',
      bytes: attachment.content,
    }));
  return letter;
}

const isReportPart = (attachment: Attachment) =>
  /^message\/(global-)?delivery-status/i.test(attachment.contentType);

const BLOCK_TAGS = new Set(['p', 'div', 'br', 'li', 'tr', 'h1', 'h2', 'h3', 'h4', 'blockquote']);

/** The visible text of a letter's HTML: blocks and <br> as line breaks, no scripts or styles. */
export function htmlToPlainText(html: string) {
  let text = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'script' || name === 'style' || name === 'head') hidden += 1;
        else if (BLOCK_TAGS.has(name) && !text.endsWith('\n')) text += '\n';
      },
      onclosetag(name) {
        if (name === 'script' || name === 'style' || name === 'head') hidden -= 1;
        else if (BLOCK_TAGS.has(name) && name !== 'br' && !text.endsWith('\n')) text += '\n';
      },
      ontext(value) {
        if (hidden === 0) text += value.replace(/[ \t\r\n]+/g, ' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function defaultFileName(attachment: Attachment) {
  const subtype = attachment.contentType.split('/')[1]?.replace(/[^a-z0-9]/gi, '') || 'bin';
  return `file.${subtype}`;
}

/** A report without the multipart/report dress (older servers): from the mailer daemon. */
function looksLikeBounce(letter: ParsedLetter) {
  const sender = letter.from?.address ?? '';
  return (
    /^(mailer-daemon|postmaster)@/i.test(sender) &&
    /undeliver|returned|failure|delivery status|не доставлен|недоставлен/i.test(letter.subject)
  );
}

type DeliveryReport = {
  action: string | null;
  status: string | null;
  recipient: string | null;
  diagnostic: string | null;
  originalMessageIds: string[];
};

/**
 * The fields of the per-recipient block of a delivery-status part (mailparser puts it into the
 * text) and the undelivered letter's Message-ID from the returned headers or letter.
 */
function readDeliveryReport(text: string, attachments: Attachment[]): DeliveryReport {
  const unfolded = text.replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) =>
    new RegExp(`^${name}:[ \\t]*(.+)$`, 'im').exec(unfolded)?.[1]?.trim() ?? null;
  const afterType = (value: string | null) =>
    value ? value.replace(/^[\w-]+;\s*/, '').trim() || null : null;
  const returned = attachments
    .filter((a) => /^(message\/rfc822|text\/rfc822-headers|message\/global)/i.test(a.contentType))
    .map((a) => a.content.toString('utf8'));
  // The returned letter's (or headers') own Message-ID; then any the report text quotes.
  const originalMessageIds = [
    ...returned.map((part) => part.split(/\r?\n\r?\n/)[0] ?? part),
    text,
  ].flatMap((part) => [...part.matchAll(/^Message-ID:[ \t]*(<[^<>\s]+>)/gim)].map((m) => m[1]!));
  return {
    action: field('Action')?.toLowerCase() ?? null,
    status: /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(field('Status') ?? '')?.[1] ?? null,
    recipient: afterType(field('Final-Recipient') ?? field('Original-Recipient')),
    diagnostic: afterType(field('Diagnostic-Code')),
    originalMessageIds: [...new Set(originalMessageIds)],
  };
}

const STATUS_NAMES: Record<string, string> = {
  '5.1.1': 'такого адреса нет',
  '5.1.2': 'такого почтового домена нет',
  '5.1.10': 'такого адреса нет',
  '5.2.1': 'ящик отключён',
  '5.2.2': 'ящик переполнен',
  '5.2.3': 'письмо слишком большое',
  '5.3.4': 'письмо слишком большое',
  '5.4.4': 'почтовый сервер получателя не найден',
  '5.7.1': 'сервер получателя отклонил письмо',
};

function bounceReason(report: DeliveryReport) {
  const where = report.recipient ? ` на ${report.recipient}` : '';
  const why = [
    report.status ? STATUS_NAMES[report.status] : undefined,
    report.diagnostic ?? (report.status ? `код ${report.status}` : undefined),
  ]
    .filter(Boolean)
    .join(': ');
  return `Письмо не доставлено${where}${why ? `: ${why}` : ''}`.slice(0, 500);
}

/**
 * The reply without the history it quotes: the `>` lines at the end and the attribution line
 * before them («On … wrote:», «… пишет:»), and a forwarded/original block at the end. A letter
 * that is only a quote keeps its text.
 */
export function stripQuotedReply(text: string) {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let end = lines.length;
  // Trailing quoted lines and blanks.
  while (end > 0 && (/^\s*>/.test(lines[end - 1]!) || lines[end - 1]!.trim() === '')) end -= 1;
  const quoted = end < lines.length && lines.slice(end).some((line) => /^\s*>/.test(line));
  if (quoted) {
    const attribution = lines[end - 1] ?? '';
    if (/(wrote|пишет|написал[аи]?(\(а\))?)\s*:\s*$/i.test(attribution)) end -= 1;
  }
  let kept = lines.slice(0, quoted ? end : lines.length);
  // Outlook and some mobile clients quote without `>` under a separator line.
  const separator = kept.findIndex((line) =>
    /^\s*(-{2,}\s*(Original Message|Исходное сообщение|Пересылаемое сообщение)\s*-{2,}|_{10,})\s*$/i.test(
      line,
    ),
  );
  if (separator > 0) kept = kept.slice(0, separator);
  const result = kept.join('\n').trim();
  return result || text.trim();
}
