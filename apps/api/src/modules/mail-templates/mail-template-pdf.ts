import { createDocument } from '../../platform/pdf.ts';
import { type Block, blockText } from './mail-template-html.ts';

/**
 * The letter on A4 (DejaVu fonts, so Cyrillic is embedded): the subject as the title, then the
 * body's headings, paragraphs, list items and quotes. A paragraph written all in bold prints bold.
 */
export async function writeLetterPdf(input: {
  title: string;
  subtitle: string | null;
  blocks: Block[];
}): Promise<Buffer> {
  const doc = createDocument({ title: input.title, subject: 'Письмо по шаблону' });
  doc.header({ title: input.title, subtitle: input.subtitle });
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length) doc.bullets(bullets);
    bullets = [];
  };
  for (const block of input.blocks) {
    const text = blockText(block);
    if (block.kind === 'bullet') {
      bullets.push(`${'   '.repeat(block.level)}${text}`);
      continue;
    }
    flush();
    if (block.kind === 'heading') {
      doc.section(text);
    } else if (block.kind === 'number') {
      doc.paragraph(`${'   '.repeat(block.level)}${block.number}. ${text}`);
    } else if (block.kind === 'quote') {
      doc.paragraph(`«${text}»`, { muted: true });
    } else {
      doc.paragraph(text, { bold: block.runs.every((run) => run.bold) });
    }
  }
  flush();
  return doc.finish();
}
