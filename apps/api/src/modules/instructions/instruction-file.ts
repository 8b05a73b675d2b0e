import { createHash } from 'node:crypto';

/** A shipped article: apps/api/content/faq/<section>/<file>.md with front matter. */
export type InstructionFile = {
  slug: string;
  title: string;
  section: string;
  order: number;
  related: string[];
  published: boolean;
  body: string;
  hash: string;
};

export type SectionFile = { slug: string; title: string };

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/**
 * Reads `---\nkey: value\n---\nMarkdown`: title, slug, section (a section slug), order,
 * related (slugs separated by commas), published (default true). Returns null, with the reason,
 * when a required key is missing.
 */
export function parseInstructionFile(text: string): InstructionFile | { error: string } {
  const normalized = text.replace(/\r\n/g, '\n');
  const match = FRONT_MATTER.exec(normalized);
  if (!match) return { error: 'нет заголовка --- … ---' };
  const fields = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    const pair = /^([a-z_]+):\s*(.*)$/.exec(line.trim());
    if (pair) fields.set(pair[1]!, pair[2]!.replace(/^["'](.*)["']$/, '$1').trim());
  }
  const title = fields.get('title');
  const slug = fields.get('slug');
  const section = fields.get('section');
  if (!title || !slug || !section) return { error: 'нужны title, slug и section' };
  const order = Number(fields.get('order') ?? '0');
  return {
    title,
    slug,
    section,
    order: Number.isInteger(order) ? order : 0,
    related: (fields.get('related') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    published: fields.get('published') !== 'false',
    body: normalized.slice(match[0].length).trim(),
    hash: createHash('sha256').update(normalized).digest('hex'),
  };
}

// Control characters \u0001 and \u0002 mark highlighted words in ts_headline's answer (see the
// repository); stored text never carries them.
const START = String.fromCharCode(1);
const STOP = String.fromCharCode(2);
const MARKERS = new RegExp(`[${START}${STOP}]`, 'g');

/** The words a reader sees in a Markdown body: what the search indexes and quotes. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(MARKERS, '')
    .replace(/```[\s\S]*?```/g, (block) => block.replace(/```\w*/g, ''))
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}#{1,6}\s+/gm, '')
    .replace(/^\s*[-*+]\s+/gm, '')
    .replace(/^\s*\d+\.\s+/gm, '')
    .replace(/^\s*>\s?/gm, '')
    .replace(/(\*\*|__|\*|_|`)/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

export const stripMarkers = (value: string) => value.replace(MARKERS, '');

/** ts_headline's text with \u0001…\u0002 around matches, as segments. */
export function toHighlight(marked: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  const re = new RegExp(`${START}([^${STOP}]*)${STOP}`, 'g');
  let last = 0;
  for (let m = re.exec(marked); m; m = re.exec(marked)) {
    if (m.index > last) parts.push({ text: marked.slice(last, m.index), match: false });
    if (m[1]) parts.push({ text: m[1], match: true });
    last = m.index + m[0].length;
  }
  if (last < marked.length) parts.push({ text: marked.slice(last), match: false });
  return parts.map((p) => ({ text: stripMarkers(p.text), match: p.match }));
}
