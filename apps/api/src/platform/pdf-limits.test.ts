import { deflateSync } from 'node:zlib';
import { FILE_LIMIT_MESSAGES } from '@ats/contracts/files';
import { describe, expect, it } from 'vitest';
import { textRunsPdf } from '../../test/documents.ts';
import { resumePdf } from '../../test/resume-documents.ts';
import { assertPdfWithinLimits } from './pdf-limits.ts';

// What a PDF unpacks to, counted before the PDF reader opens it — including the ways a file can
// hide its commands from a count that trusts the file's own labels.

const MB = 1024 * 1024;
const DRAWING = 'q Q\n'.repeat((10 * MB) / 4);

/** The objects of a PDF as its bytes hold them (no cross-reference table: the count needs none). */
function pdfOf(objects: { dict: string; data?: Buffer }[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  objects.forEach(({ dict, data }, i) => {
    const length = data ? dict.replace('>>', ` /Length ${data.length} >>`) : dict;
    parts.push(Buffer.from(`${i + 1} 0 obj\n${length}\n`, 'latin1'));
    if (data) parts.push(Buffer.from('stream\n'), data, Buffer.from('\nendstream\n'));
    parts.push(Buffer.from('endobj\n'));
  });
  return Buffer.concat(parts);
}
const packed = (text: string | Buffer) => deflateSync(Buffer.from(text as string, 'latin1'));
const page = (contents: string) => ({ dict: `<< /Type /Page /Contents ${contents} >>` });

const refusal = (message: string) => ({ code: 413, message, errors: { file: message } });

describe('a PDF’s streams, counted before the reader', () => {
  it('lets a real résumé through', async () => {
    await expect(assertPdfWithinLimits(await resumePdf())).resolves.toBeUndefined();
  });

  it('counts the commands that show text as the page unpacks', async () => {
    await expect(assertPdfWithinLimits(textRunsPdf(10_000))).resolves.toBeUndefined();
    await expect(assertPdfWithinLimits(textRunsPdf(60_000))).rejects.toMatchObject(
      refusal(FILE_LIMIT_MESSAGES.pdfTooMuchText),
    );
    // The other two text commands count as well; an apostrophe inside a word does not.
    const quoted = pdfOf([
      page('2 0 R'),
      { dict: '<< /Filter /FlateDecode >>', data: packed("(a) '\n".repeat(60_000)) },
    ]);
    await expect(assertPdfWithinLimits(quoted)).rejects.toMatchObject(
      refusal(FILE_LIMIT_MESSAGES.pdfTooMuchText),
    );
    const words = pdfOf([
      page('2 0 R'),
      { dict: '<< /Filter /FlateDecode >>', data: packed("(it's) Tj\n".repeat(30_000)) },
    ]);
    await expect(assertPdfWithinLimits(words)).resolves.toBeUndefined();
  });

  it('refuses a page of 10 MB of drawing commands, however it is labelled or packed', async () => {
    const tooLarge = refusal(FILE_LIMIT_MESSAGES.pdfContentTooLarge);
    const plain = pdfOf([
      page('2 0 R'),
      { dict: '<< /Filter /FlateDecode >>', data: packed(DRAWING) },
    ]);
    await expect(assertPdfWithinLimits(plain)).rejects.toMatchObject(tooLarge);
    // Labelled as a picture, which is not unpacked, yet named as the page's contents.
    const disguised = pdfOf([
      page('[2 0 R]'),
      { dict: '<< /Subtype /Image /Filter /FlateDecode >>', data: packed(DRAWING) },
    ]);
    await expect(assertPdfWithinLimits(disguised)).rejects.toMatchObject(tooLarge);
    // Packed twice: the second layer is what the reader reads.
    const twice = pdfOf([
      page('2 0 R'),
      { dict: '<< /Filter [/FlateDecode /FlateDecode] >>', data: packed(packed(DRAWING)) },
    ]);
    await expect(assertPdfWithinLimits(twice)).rejects.toMatchObject(tooLarge);
    // A broken end (no checksum, garbage): the reader reads up to the break, so that much counts.
    const broken = Buffer.concat([packed(DRAWING).subarray(0, -4), Buffer.from('garbage')]);
    const damaged = pdfOf([page('2 0 R'), { dict: '<< /Filter /FlateDecode >>', data: broken }]);
    await expect(assertPdfWithinLimits(damaged)).rejects.toMatchObject(tooLarge);
  });

  it('leaves pictures packed, and counts font programs only against the whole', async () => {
    const picture = pdfOf([
      page('3 0 R'),
      { dict: '<< /Subtype /Image /Filter /FlateDecode >>', data: packed(Buffer.alloc(80 * MB)) },
      { dict: '<< /Filter /FlateDecode >>', data: packed('BT (a) Tj ET') },
    ]);
    await expect(assertPdfWithinLimits(picture)).resolves.toBeUndefined();
    const font = pdfOf([
      page('3 0 R'),
      { dict: '<< /Length1 20000000 /Filter /FlateDecode >>', data: packed(Buffer.alloc(20 * MB)) },
      { dict: '<< /Filter /FlateDecode >>', data: packed('BT (a) Tj ET') },
    ]);
    await expect(assertPdfWithinLimits(font)).resolves.toBeUndefined();
    const fontBomb = pdfOf([
      page('3 0 R'),
      { dict: '<< /Length1 1 /Filter /FlateDecode >>', data: packed(Buffer.alloc(70 * MB)) },
    ]);
    await expect(assertPdfWithinLimits(fontBomb)).rejects.toMatchObject(
      refusal(FILE_LIMIT_MESSAGES.unpackedTooLarge),
    );
  });
});
