import { MAX_PDF_TEXT_CHARS, MAX_PDF_TEXT_ITEMS } from '@ats/contracts/files';
import { RESUME_MESSAGES } from '@ats/contracts/resume-parse';
import mammoth from 'mammoth';
import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { AppError, badRequest } from '../../platform/errors.ts';
import { startsLikePdf, startsLikeZip } from '../../platform/file-types.ts';
import { pdfTooMuchText } from '../../platform/pdf-limits.ts';

export type ResumeFileType = 'pdf' | 'docx';

/** Items further apart than this share of the font size are separate columns (or chips). */
const COLUMN_GAP = 1.2;
/** Items whose baselines differ by less than this share of the font size are one line. */
const SAME_LINE = 0.5;

/**
 * PDF or DOCX by the first bytes, never by the name. A zip that is not a Word document (an xlsx,
 * an archive) passes here and is refused by the DOCX reader as unreadable.
 */
export function resumeFileType(bytes: Buffer): ResumeFileType | null {
  if (startsLikePdf(bytes)) return 'pdf';
  if (startsLikeZip(bytes)) return 'docx';
  return null;
}

/** A résumé is a few pages; a 500-page PDF is read only this far (the rest is not a résumé). */
const MAX_PAGES = 20;

type PdfItem = { str: string; x: number; y: number; width: number; size: number };

/** What `pdfTooMuchText` stops the reading at, over the pages read. */
type TextBudget = { items: number; chars: number };

/**
 * One page's text items, read as the PDF reader streams them (a hundred at a time): past the
 * document's budget of items or characters the reading is cancelled there, so a page of a million
 * text commands costs what the budget allows and no more.
 */
async function pageItems(page: PDFPageProxy, budget: TextBudget): Promise<PdfItem[]> {
  const reader = page.streamTextContent().getReader();
  const items: PdfItem[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return items;
    for (const item of value.items) {
      if (!('str' in item)) continue;
      budget.items -= 1;
      budget.chars -= item.str.length;
      if (budget.items < 0 || budget.chars < 0) {
        await reader.cancel(new Error('too much text'));
        throw pdfTooMuchText();
      }
      if (item.str.trim() === '') continue;
      const [a, b, , , x, y] = item.transform as number[];
      items.push({
        str: item.str,
        x: x!,
        y: y!,
        width: item.width,
        size: Math.hypot(a!, b!) || item.height || 10,
      });
    }
  }
}

const unreadable = () =>
  badRequest(RESUME_MESSAGES.unreadable, { file: RESUME_MESSAGES.unreadable });

/**
 * One page's text items joined into lines by their baseline, top to bottom, left to right. A
 * wide gap inside a line (two columns, skill chips) becomes a tab, so the parser can tell the
 * cells apart; a narrow one a space.
 */
function pageLines(items: PdfItem[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PdfItem[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(row[0]!.y - item.y) < Math.max(row[0]!.size, item.size) * SAME_LINE) {
      row.push(item);
    } else {
      rows.push([item]);
    }
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = '';
    let end = -Infinity;
    for (const item of row) {
      const gap = item.x - end;
      if (line && gap > item.size * COLUMN_GAP) line += '\t';
      else if (line && gap > item.size * 0.1 && !line.endsWith(' ')) line += ' ';
      line += item.str;
      end = item.x + item.width;
    }
    return line;
  });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const document = await task.promise;
    const lines: string[] = [];
    const budget: TextBudget = { items: MAX_PDF_TEXT_ITEMS, chars: MAX_PDF_TEXT_CHARS };
    for (let n = 1; n <= Math.min(document.numPages, MAX_PAGES); n++) {
      const page = await document.getPage(n);
      lines.push(...pageLines(await pageItems(page, budget)));
      page.cleanup();
    }
    return lines.join('\n');
  } catch (error) {
    // A password, a broken cross-reference table, garbage after the header: pdf.js names them all
    // as exceptions with a `name`; none of them is our failure.
    if (error instanceof AppError) throw error;
    if (error instanceof Error) throw unreadable();
    throw error;
  } finally {
    await task.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  try {
    const result = await mammoth.extractRawText({ buffer: bytes });
    return result.value;
  } catch (error) {
    // A zip without Word's main part (an xlsx, an archive) is the wrong type, not a broken file.
    if (error instanceof Error && /could not find main document/i.test(error.message)) {
      throw badRequest(RESUME_MESSAGES.wrongType, { file: RESUME_MESSAGES.wrongType });
    }
    throw unreadable();
  }
}

/**
 * The plain text of a PDF or DOCX résumé, lines separated by `\n`. Refuses a file without text
 * (a scan) with 422, so the recruiter knows to type the applicant in instead.
 */
export async function extractResumeText(bytes: Buffer, type: ResumeFileType): Promise<string> {
  const text = (type === 'pdf' ? await pdfText(bytes) : await docxText(bytes))
    .replace(/\r\n?/g, '\n')
    .replace(/\u00a0/g, ' ');
  if (text.replace(/\s/g, '').length === 0) {
    throw new AppError(422, RESUME_MESSAGES.noText, { file: RESUME_MESSAGES.noText });
  }
  return text;
}
