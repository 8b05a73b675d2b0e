import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { MAX_IMAGE_PIXELS } from '@ats/contracts/files';
import { imageSize, pngNeedsDecoding } from './file-types.ts';

/** The content type of every document this builder writes. */
export const PDF_CONTENT_TYPE = 'application/pdf';

const require = createRequire(import.meta.url);
const fontFile = (name: string) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

// DejaVu covers Cyrillic (and most of Unicode a résumé holds); read once, parsed per document.
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () =>
  (fonts ??= {
    regular: readFileSync(fontFile('DejaVuSans.ttf')),
    bold: readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  });

const A4 = 'A4';
const MARGIN = 50;
const COLOR = { text: '#18181b', muted: '#71717a', rule: '#d4d4d8', accent: '#4338ca' };
const SIZE = { title: 20, subtitle: 11, section: 13, text: 10, footer: 8 };
const LABEL_WIDTH = 150;
const PHOTO_SIZE = 84;
/** A heading never sits alone at the foot of a page: it needs this much room below it. */
const KEEP_WITH_NEXT = 60;

/** Control characters (but line breaks and tabs) say nothing on paper and upset some viewers. */
// eslint-disable-next-line no-control-regex -- removing them is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (text: string) => text.replace(CONTROL, '').replace(/\r\n?/g, '\n');

/**
 * A PNG the writer must unpack (transparency, interlacing) costs it about 60 bytes and 50 ns a
 * pixel: 2000×2000 is 0.3 s and 60 MB, 4000×4000 was 0.9 s and 200 MB. Larger ones are left out.
 */
const MAX_DECODED_PIXELS = 4_000_000;

/**
 * Whether the image goes into the document: its header read, its size within the limits. A photo
 * stored before the limits (a 20000×20000 PNG took 23 s and 6.5 GB) prints without the photo.
 */
function printableImage(image: Buffer) {
  const size = imageSize(image);
  if (!size) return false;
  const pixels = size.width * size.height;
  return pixels <= (pngNeedsDecoding(image) ? MAX_DECODED_PIXELS : MAX_IMAGE_PIXELS);
}

/** JPEG and PNG are the image formats a PDF holds as they are; others are left out. */
export const isPdfImage = (mimeType: string) =>
  mimeType === 'image/jpeg' || mimeType === 'image/png';

export type DocumentMeta = { title: string; subject?: string; author?: string };

/** A tidy A4 document written top to bottom; pages break by themselves. */
export type DocumentBuilder = {
  /** The big title, a muted line under it and, on the left, a square image (JPEG or PNG). */
  header: (input: { title: string; subtitle?: string | null; image?: Buffer | null }) => void;
  /** A heading that starts a block of the document. */
  section: (title: string) => void;
  /** One labelled value in two columns: «Телефон   +7 900 …». */
  field: (label: string, value: string) => void;
  /** Running text; `bold` for a line that heads the text under it, `muted` for a remark. */
  paragraph: (text: string, options?: { bold?: boolean; muted?: boolean }) => void;
  /** Items one per line, each with a bullet. */
  bullets: (items: string[]) => void;
  /** Ends the document (page numbers are written last) and answers its bytes. */
  finish: () => Promise<Buffer>;
};

export function createDocument(meta: DocumentMeta): DocumentBuilder {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: A4,
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: clean(meta.title),
      ...(meta.subject ? { Subject: clean(meta.subject) } : {}),
      ...(meta.author ? { Author: clean(meta.author) } : {}),
    },
    lang: 'ru-RU',
  });
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  doc.font('regular').fontSize(SIZE.text).fillColor(COLOR.text);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = () => doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  const ensureRoom = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  return {
    header({ title, subtitle, image }) {
      const top = doc.y;
      let textLeft = left;
      if (image && printableImage(image)) {
        try {
          doc.image(image, left, top, {
            cover: [PHOTO_SIZE, PHOTO_SIZE],
            align: 'center',
            valign: 'center',
          });
          textLeft = left + PHOTO_SIZE + 18;
        } catch {
          // An image the PDF writer cannot read is left out rather than failing the document.
        }
      }
      const textWidth = width() - (textLeft - left);
      doc
        .font('bold')
        .fontSize(SIZE.title)
        .fillColor(COLOR.text)
        .text(clean(title), textLeft, image && textLeft > left ? top + 14 : top, {
          width: textWidth,
        });
      if (subtitle) {
        doc
          .moveDown(0.2)
          .font('regular')
          .fontSize(SIZE.subtitle)
          .fillColor(COLOR.muted)
          .text(clean(subtitle), textLeft, doc.y, { width: textWidth });
      }
      const after = Math.max(doc.y, textLeft > left ? top + PHOTO_SIZE : doc.y) + 12;
      doc
        .moveTo(left, after)
        .lineTo(left + width(), after)
        .lineWidth(0.5)
        .strokeColor(COLOR.rule)
        .stroke();
      doc.x = left;
      doc.y = after + 8;
      doc.font('regular').fontSize(SIZE.text).fillColor(COLOR.text);
    },

    section(title) {
      doc.moveDown(0.8);
      ensureRoom(KEEP_WITH_NEXT);
      doc
        .font('bold')
        .fontSize(SIZE.section)
        .fillColor(COLOR.accent)
        .text(clean(title), left, doc.y, { width: width() });
      doc.moveDown(0.3).font('regular').fontSize(SIZE.text).fillColor(COLOR.text);
    },

    field(label, value) {
      const valueLeft = left + LABEL_WIDTH + 10;
      const valueWidth = width() - LABEL_WIDTH - 10;
      const text = clean(value);
      doc.font('regular').fontSize(SIZE.text);
      const height = Math.max(
        doc.heightOfString(text, { width: valueWidth }),
        doc.heightOfString(label, { width: LABEL_WIDTH }),
      );
      // A short pair stays on one page; a long value breaks across pages as running text does.
      if (height < bottom() - MARGIN) ensureRoom(height);
      const top = doc.y;
      doc.fillColor(COLOR.muted).text(clean(label), left, top, { width: LABEL_WIDTH });
      const labelBottom = doc.y;
      doc.fillColor(COLOR.text).text(text, valueLeft, top, { width: valueWidth });
      doc.x = left;
      doc.y = Math.max(doc.y, labelBottom) + 3;
    },

    paragraph(text, options = {}) {
      doc
        .font(options.bold ? 'bold' : 'regular')
        .fontSize(SIZE.text)
        .fillColor(options.muted ? COLOR.muted : COLOR.text)
        .text(clean(text), left, doc.y, { width: width() });
      doc.moveDown(0.2).font('regular').fillColor(COLOR.text);
    },

    bullets(items) {
      doc.font('regular').fontSize(SIZE.text).fillColor(COLOR.text);
      for (const item of items) {
        doc.text(`•  ${clean(item)}`, left + 6, doc.y, { width: width() - 6, indent: 0 });
        doc.moveDown(0.15);
      }
      doc.x = left;
    },

    async finish() {
      const range = doc.bufferedPageRange();
      for (let index = range.start; index < range.start + range.count; index++) {
        doc.switchToPage(index);
        // Writing into the bottom margin must not open a new page.
        const margin = doc.page.margins.bottom;
        doc.page.margins.bottom = 0;
        doc
          .font('regular')
          .fontSize(SIZE.footer)
          .fillColor(COLOR.muted)
          .text(
            `${clean(meta.title)} · стр. ${index - range.start + 1} из ${range.count}`,
            left,
            doc.page.height - MARGIN + 16,
            { width: width(), align: 'center', lineBreak: false },
          );
        doc.page.margins.bottom = margin;
      }
      doc.end();
      return done;
    },
  };
}
