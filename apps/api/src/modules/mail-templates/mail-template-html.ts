import { Parser } from 'htmlparser2';
import { sanitizeRichText } from '../../platform/rich-text.ts';

/** The body as safe HTML (the rich-text allow-list); '' when nothing visible is left. A rendered
 *  letter is cleaned again after its values are put in. */
export function sanitizeTemplateHtml(html: string): string {
  return sanitizeRichText(html) ?? '';
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** A value as text inside HTML: markup in a name or an address stays text. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export type Run = {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  href: string | null;
};

export type Block = {
  kind: 'paragraph' | 'heading' | 'bullet' | 'number' | 'quote';
  /** 2 or 3 for a heading; the nesting depth (from 0) for a list item. */
  level: number;
  /** The item's number in its list (number), and which list it belongs to. */
  number: number;
  list: number;
  runs: Run[];
};

const FORMATS = {
  strong: 'bold',
  b: 'bold',
  em: 'italic',
  i: 'italic',
  u: 'underline',
  s: 'strike',
} as const;

/**
 * The cleaned body as a list of blocks — headings, paragraphs, list items, quotes — each a run
 * of text pieces with their bold/italic/underline/strike and link: what the PDF and DOCX write.
 */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const format = { bold: 0, italic: 0, underline: 0, strike: 0 };
  const links: (string | null)[] = [];
  const lists: { ordered: boolean; counter: number; id: number }[] = [];
  let listCount = 0;
  let quotes = 0;
  let items = 0;
  let current: Block | null = null;

  const open = (kind: Block['kind'], extra: Partial<Block> = {}) => {
    current = { kind, level: 0, number: 0, list: 0, runs: [], ...extra };
    blocks.push(current);
    return current;
  };
  const push = (text: string) => {
    const block = current ?? open(quotes ? 'quote' : 'paragraph');
    const run: Run = {
      text,
      bold: format.bold > 0,
      italic: format.italic > 0,
      underline: format.underline > 0,
      strike: format.strike > 0,
      href: links.at(-1) ?? null,
    };
    // The parser hands text over in pieces (at every entity): one run per formatting.
    const last = block.runs.at(-1);
    if (last && text !== '\n' && last.text !== '\n' && sameFormat(last, run)) last.text += text;
    else block.runs.push(run);
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name in FORMATS) {
          format[FORMATS[name as keyof typeof FORMATS]]++;
        } else if (name === 'a') {
          links.push(attributes.href ?? null);
        } else if (name === 'ul' || name === 'ol') {
          lists.push({ ordered: name === 'ol', counter: 0, id: ++listCount });
          current = null;
        } else if (name === 'li') {
          const list = lists.at(-1) ?? { ordered: false, counter: 0, id: 0 };
          list.counter++;
          items++;
          open(list.ordered ? 'number' : 'bullet', {
            level: Math.max(0, lists.length - 1),
            number: list.counter,
            list: list.id,
          });
        } else if (name === 'p') {
          // A list item's second paragraph continues the item on a new line.
          if (items > 0 && current) {
            if (current.runs.length) push('\n');
          } else {
            open(quotes ? 'quote' : 'paragraph');
          }
        } else if (name === 'h2' || name === 'h3') {
          open('heading', { level: name === 'h2' ? 2 : 3 });
        } else if (name === 'blockquote') {
          quotes++;
          current = null;
        } else if (name === 'br') {
          push('\n');
        }
      },
      ontext(raw) {
        // HTML whitespace collapses; a no-break space (U+00A0) is meant and stays.
        const text = raw.replace(/[ \t\r\n\f]+/g, ' ');
        if (!current && text.trim() === '') return;
        push(text);
      },
      onclosetag(name) {
        if (name in FORMATS) {
          format[FORMATS[name as keyof typeof FORMATS]]--;
        } else if (name === 'a') {
          links.pop();
        } else if (name === 'ul' || name === 'ol') {
          lists.pop();
          current = null;
        } else if (name === 'li') {
          items--;
          current = null;
        } else if (name === 'p' || name === 'h2' || name === 'h3') {
          if (items === 0) current = null;
        } else if (name === 'blockquote') {
          quotes--;
          current = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return blocks.map(trimBlock).filter((block) => block.runs.length > 0);
}

const sameFormat = (a: Run, b: Run) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.underline === b.underline &&
  a.strike === b.strike &&
  a.href === b.href;

/** Spaces at a block's edges and around its line breaks say nothing. */
function trimBlock(block: Block): Block {
  const runs = block.runs.map((run) => ({ ...run }));
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i]!;
    if (i === 0 || runs[i - 1]!.text.endsWith('\n')) run.text = run.text.replace(/^ +/, '');
    if (i === runs.length - 1 || runs[i + 1]!.text.startsWith('\n')) {
      run.text = run.text.replace(/ +$/, '');
    }
  }
  while (runs.length && runs.at(-1)!.text.trim() === '') runs.pop();
  while (runs.length && runs[0]!.text.trim() === '') runs.shift();
  return { ...block, runs: runs.filter((run) => run.text !== '') };
}

/** A block's text; a link whose text is not its address is followed by the address. */
export function blockText(block: Block): string {
  let text = '';
  for (let i = 0; i < block.runs.length; i++) {
    const run = block.runs[i]!;
    text += run.text;
    const next = block.runs[i + 1];
    const linkEnds = run.href && next?.href !== run.href;
    if (linkEnds && run.href && !text.endsWith(run.href.replace(/^mailto:/, ''))) {
      text += ` (${run.href.replace(/^mailto:/, '')})`;
    }
  }
  return text;
}

const listed = (block: Block) => block.kind === 'bullet' || block.kind === 'number';

/** The letter as plain text: blocks apart by a blank line, list items on their own lines. */
export function blocksToText(blocks: Block[]): string {
  let text = '';
  blocks.forEach((block, index) => {
    const previous = blocks[index - 1];
    if (previous) text += listed(block) && listed(previous) ? '\n' : '\n\n';
    const indent = '  '.repeat(block.level);
    const body = blockText(block);
    if (block.kind === 'bullet') text += `${indent}• ${body}`;
    else if (block.kind === 'number') text += `${indent}${block.number}. ${body}`;
    else if (block.kind === 'quote') text += `«${body}»`;
    else text += body;
  });
  return text;
}
