import { constants, createInflateRaw } from 'node:zlib';
import {
  FILE_LIMIT_MESSAGES,
  MAX_PDF_CONTENT_BYTES,
  MAX_PDF_TEXT_OPERATORS,
  MAX_UNPACKED_BYTES,
} from '@ats/contracts/files';
import { AppError } from './errors.ts';

// What a PDF unpacks to, measured before the PDF reader opens it. The reader's time follows the
// commands of the pages it reads (about 4 MB of them a second); a page's commands are packed with
// deflate, which packs a repeated command a thousand to one: a 94 KB file held 34 MB of them.
// Every Flate stream is unpacked here once, as the reader would, each stopped at what is left of
// the budget, and nothing is kept: the reader then unpacks no more than was counted.

export type PdfLimits = {
  /** Every stream the reader may unpack (pages, fonts, object streams), images aside. */
  maxUnpackedBytes: number;
  /** The streams that are, or may be, commands: a page's contents, forms, glyph procedures. */
  maxContentBytes: number;
  /** The commands in them that show text. */
  maxTextOperators: number;
};
export const PDF_LIMITS: PdfLimits = {
  maxUnpackedBytes: MAX_UNPACKED_BYTES,
  maxContentBytes: MAX_PDF_CONTENT_BYTES,
  maxTextOperators: MAX_PDF_TEXT_OPERATORS,
};

const refusal = (message: string) => new AppError(413, message, { file: message });
export const pdfContentTooLarge = () => refusal(FILE_LIMIT_MESSAGES.pdfContentTooLarge);
export const pdfTooMuchText = () => refusal(FILE_LIMIT_MESSAGES.pdfTooMuchText);
const unpackedTooLarge = () => refusal(FILE_LIMIT_MESSAGES.unpackedTooLarge);

/**
 * A command that shows text, as a word of its own: `Tj`, `TJ`, `'` or `"` between delimiters
 * (an apostrophe inside a word, «it's», is not one). A chunk boundary may split one: the count is
 * a limit, not an inventory.
 */
const TEXT_OPERATOR = /(?<![\w'"])(?:T[jJ]|['"])(?![\w'"])/g;
const textOperators = (chunk: Buffer) => chunk.toString('latin1').match(TEXT_OPERATOR)?.length ?? 0;

type PdfStream = {
  /** «12 0» of «12 0 obj», when the stream is a numbered object (streams always are). */
  ref: string | null;
  dict: string;
  data: Buffer;
};

/** How far before `stream` its dictionary and object header are looked for. */
const DICT_WINDOW = 4096;
const STREAM = Buffer.from('stream', 'latin1');

/**
 * The streams of a PDF as its bytes hold them: each `stream` keyword (not `endstream`) after a
 * dictionary, with that dictionary and its data up to `/Length` when the dictionary states it
 * directly, else up to the next `endstream`. Linear in the file: the text before a keyword is
 * read back only as far as the previous one.
 */
function pdfStreams(bytes: Buffer): PdfStream[] {
  const streams: PdfStream[] = [];
  let scanned = 0;
  let at = bytes.indexOf(STREAM);
  while (at !== -1) {
    let next = at + STREAM.length;
    const head = bytes.toString('latin1', Math.max(scanned, at - DICT_WINDOW), at);
    if (!head.endsWith('end') && head.trimEnd().endsWith('>>')) {
      const obj = head.lastIndexOf('obj');
      const dict = obj === -1 ? head : head.slice(obj + 3);
      const header =
        obj === -1 ? null : /(\d+)\s+(\d+)\s+$/.exec(head.slice(Math.max(0, obj - 24), obj));
      let start = next;
      if (bytes[start] === 0x0d) start += 1;
      if (bytes[start] === 0x0a) start += 1;
      const length = /\/Length\s+(\d+)(?![\d\s]*R)/.exec(dict);
      let end = length ? start + Number(length[1]) : -1;
      if (end === -1 || end > bytes.length) end = bytes.indexOf('endstream', start, 'latin1');
      if (end === -1) end = bytes.length;
      streams.push({
        ref: header ? `${header[1]} ${header[2]}` : null,
        dict,
        data: bytes.subarray(start, end),
      });
      next = Math.max(next, end);
    }
    scanned = next;
    at = bytes.indexOf(STREAM, next);
  }
  return streams;
}

/** The filters of a stream's dictionary, in order: `/Filter /FlateDecode` or an array of names. */
function filtersOf(dict: string): string[] {
  const filter = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]<>()]+)/.exec(dict);
  if (!filter) return [];
  return [...filter[1]!.matchAll(/\/([^\s/[\]<>()]+)/g)].map((m) => m[1]!);
}

const isFlate = (name: string) => name === 'FlateDecode' || name === 'Fl';
const isImage = (dict: string) => /\/Subtype\s*\/Image\b/.test(dict);
const isObjectStream = (dict: string) => /\/Type\s*\/ObjStm\b/.test(dict);
/** A font program (TrueType, Type 1, CFF, OpenType), metadata, an attached file, a cross-reference. */
const isData = (dict: string) =>
  /\/Length[123]\b|\/Subtype\s*\/(?:Type1C|CIDFontType0C|OpenType|XML)\b|\/Type\s*\/(?:Metadata|EmbeddedFile|XRef)\b/.test(
    dict,
  );

/** The objects named as a page's `/Contents` (one reference or an array of them) in `text`. */
function contentRefs(text: string, into: Set<string>) {
  // The array's class stops at the next name (its slash): a `[` never closed costs no rescan.
  for (const match of text.matchAll(/\/Contents\s*(\[[\d\sR]*\]|\d+\s+\d+\s+R)/g)) {
    for (const ref of match[1]!.matchAll(/(\d+)\s+(\d+)\s+R/g)) into.add(`${ref[1]} ${ref[2]}`);
  }
}

/**
 * What one Flate stream unpacks to, as the PDF reader unpacks it: the two-byte zlib header
 * skipped and the checksum not checked, up to the end or the first damaged block (the reader reads
 * the pages up to there, so that much counts). Stops once past `budget`; keeps the bytes only when
 * asked. Null: not a zlib stream at all, which the reader refuses as well.
 */
function inflated(
  data: Buffer,
  budget: number,
  keep: boolean,
  onChunk?: (chunk: Buffer) => boolean,
): Promise<{ size: number; bytes: Buffer } | null> {
  // The header: deflate (low 4 bits 8), a multiple of 31, no preset dictionary.
  if (data.length < 2 || (data[0]! & 0x0f) !== 8 || ((data[0]! << 8) | data[1]!) % 31 !== 0) {
    return Promise.resolve(null);
  }
  if (data[1]! & 0x20) return Promise.resolve(null);
  return new Promise((resolve) => {
    const inflate = createInflateRaw({ finishFlush: constants.Z_SYNC_FLUSH });
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve({ size, bytes: Buffer.concat(chunks) });
    };
    inflate.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (keep) chunks.push(chunk);
      if (size > budget || onChunk?.(chunk) === false) finish();
    });
    inflate.on('end', finish);
    inflate.on('error', finish);
    inflate.end(data.subarray(2));
  });
}

/**
 * What `data` unpacks to through its leading Flate filters (a stream packed twice is unpacked
 * twice), stopped once past `budget` or when `onChunk` (given what the last filter unpacks, as it
 * comes) answers false. A stream that is not Flate is taken as its bytes.
 */
async function unpacked(
  data: Buffer,
  filters: string[],
  budget: number,
  keep: boolean,
  onChunk?: (chunk: Buffer) => boolean,
): Promise<{ size: number; bytes: Buffer }> {
  const flate = filters.findIndex((filter) => !isFlate(filter));
  const layers = flate === -1 ? filters.length : flate;
  let current = { size: data.length, bytes: data };
  for (let layer = 0; layer < layers; layer++) {
    const last = layer === layers - 1;
    const next = await inflated(current.bytes, budget, keep || !last, last ? onChunk : undefined);
    if (!next) {
      // Not a zlib stream: the reader takes it as it is (or refuses it).
      if (last) onChunk?.(current.bytes);
      return current;
    }
    current = next;
    if (current.size > budget) return current;
  }
  if (layers === 0) onChunk?.(data);
  return current;
}

/**
 * Refuses (413) a PDF whose commands unpack to more than `maxContentBytes` or show text more than
 * `maxTextOperators` times, or whose streams together (images aside: reading text does not decode
 * them) unpack to more than `maxUnpackedBytes`.
 * A page's contents count as commands whatever their dictionary claims, and so does any stream
 * that is not an image or a font program (a form, a glyph's procedure, an object stream). Runs in
 * the worker before the PDF reader: unpacking 64 MB takes a few hundred milliseconds.
 */
export async function assertPdfWithinLimits(bytes: Buffer, limits = PDF_LIMITS): Promise<void> {
  const streams = pdfStreams(bytes);
  const contents = new Set<string>();
  contentRefs(bytes.toString('latin1'), contents);
  let total = 0;
  let content = 0;
  let operators = 0;
  const countOperators = (chunk: Buffer) => {
    operators += textOperators(chunk);
    return operators <= limits.maxTextOperators;
  };
  const measure = async (stream: PdfStream, isContent: boolean, keep = false) => {
    const left = limits.maxUnpackedBytes - total;
    const budget = isContent ? Math.min(limits.maxContentBytes - content, left) : left;
    const filters = filtersOf(stream.dict);
    const counted = isContent ? countOperators : undefined;
    const { size, bytes: data } = await unpacked(stream.data, filters, budget, keep, counted);
    if (operators > limits.maxTextOperators) throw pdfTooMuchText();
    if (isContent && content + size > limits.maxContentBytes) throw pdfContentTooLarge();
    if (total + size > limits.maxUnpackedBytes) throw unpackedTooLarge();
    total += size;
    if (isContent) content += size;
    return data;
  };
  // Object streams first: a page's dictionary, and so its `/Contents`, may be packed in one.
  for (const stream of streams) {
    if (!isObjectStream(stream.dict)) continue;
    contentRefs((await measure(stream, true, true)).toString('latin1'), contents);
  }
  for (const stream of streams) {
    if (isObjectStream(stream.dict)) continue;
    const named = stream.ref !== null && contents.has(stream.ref);
    if (!named && isImage(stream.dict)) continue;
    await measure(stream, named || !isData(stream.dict));
  }
}
