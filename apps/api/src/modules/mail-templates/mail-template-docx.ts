import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';
import type { Block, Run } from './mail-template-html.ts';

/** The content type of a Word document. */
export const DOCX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const NUMBERED = 'letter-numbered';
const FONT = 'Arial';

function textRuns(run: Run): TextRun[] {
  // A line break inside a paragraph is a break run, not a new paragraph.
  return run.text.split('\n').map(
    (text, index) =>
      new TextRun({
        text,
        ...(index > 0 && { break: 1 }),
        bold: run.bold,
        italics: run.italic,
        strike: run.strike,
        ...(run.underline && { underline: {} }),
        ...(run.href && { style: 'Hyperlink' }),
      }),
  );
}

function children(block: Block): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const run of block.runs) {
    if (run.href) out.push(new ExternalHyperlink({ link: run.href, children: textRuns(run) }));
    else out.push(...textRuns(run));
  }
  return out;
}

function paragraphOf(block: Block): Paragraph {
  const content = children(block);
  switch (block.kind) {
    case 'heading':
      return new Paragraph({
        children: content,
        heading: block.level === 2 ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_3,
      });
    case 'bullet':
      return new Paragraph({ children: content, bullet: { level: Math.min(block.level, 8) } });
    case 'number':
      return new Paragraph({
        children: content,
        numbering: { reference: NUMBERED, level: Math.min(block.level, 8), instance: block.list },
      });
    case 'quote':
      return new Paragraph({ children: content, indent: { left: 720 }, style: 'Quote' });
    default:
      return new Paragraph({ children: content, spacing: { after: 160 } });
  }
}

/** The letter as a Word document: the subject as its title, the body's blocks with formatting. */
export async function writeLetterDocx(input: { title: string; blocks: Block[] }): Promise<Buffer> {
  const doc = new Document({
    creator: 'ATS',
    title: input.title,
    description: 'Письмо по шаблону',
    styles: { default: { document: { run: { font: FONT, size: 22 } } } },
    numbering: {
      config: [
        {
          reference: NUMBERED,
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.START,
            style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
          })),
        },
      ],
    },
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(input.title)] }),
          ...input.blocks.map(paragraphOf),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
