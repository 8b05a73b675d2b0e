import { PassThrough, Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { zipDirectoryEnd } from './file-types.ts';

/** Excel workbooks (xlsx) behind our own small interface: written as a stream, read row by row. */

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type CellValue = string | number | boolean | Date | null;

export type SheetColumn = {
  header: string;
  /** In characters. */
  width?: number;
  /** An Excel number format for the column's cells, e.g. 'dd.mm.yyyy hh:mm'. */
  format?: string;
};

export type Sheet = {
  name: string;
  columns: SheetColumn[];
  /** One array of cells per row, in the order of `columns`; pulled only as the output has room. */
  rows: AsyncIterable<CellValue[]> | Iterable<CellValue[]>;
};

/** A row read from a sheet: its line number in Excel (the header is line 1) and its cells. */
export type SheetRow = { line: number; cells: CellValue[] };

/** The file is not an xlsx workbook, or is damaged. */
export class UnreadableSpreadsheetError extends Error {
  constructor(cause: unknown) {
    super('unreadable xlsx workbook', { cause });
    this.name = 'UnreadableSpreadsheetError';
  }
}

/** The sheet goes past a limit of `readSheetRows`: more rows read, or a row with more cells. */
export class SpreadsheetLimitError extends Error {
  constructor(
    readonly limit: 'rows' | 'columns',
    readonly line: number,
  ) {
    super(`spreadsheet over its ${limit} limit at line ${line}`);
    this.name = 'SpreadsheetLimitError';
  }
}

export type SheetLimits = {
  /** Rows read, empty ones included (each costs the reader its time). */
  maxRows: number;
  /** Cells up to the last filled one in a row. */
  maxColumns: number;
};

/** Excel refuses a longer cell text (and calls the whole file damaged). */
export const MAX_CELL_TEXT = 32_767;
/**
 * How many rows are written between two turns of the event loop (which let the compressor move
 * the written rows on to the output) and looks at whether the output has room.
 */
const ROWS_PER_ROOM_CHECK = 100;

// Characters XML 1.0 cannot carry, and halves of surrogate pairs: either makes Excel reject the file.
const XML_INVALID =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g; // eslint-disable-line no-control-regex -- these are the characters removed

function cellText(text: string): string {
  const clean = text.replace(XML_INVALID, '');
  if (clean.length <= MAX_CELL_TEXT) return clean;
  // Never cut a surrogate pair in half.
  const end = /[\ud800-\udbff]/.test(clean[MAX_CELL_TEXT - 1]!) ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT;
  return clean.slice(0, end);
}

/** A value Excel will open: texts cleaned and cut to its limit, no NaN or invalid dates. */
function writableCell(value: CellValue): CellValue {
  if (typeof value === 'string') return cellText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return value;
}

/** Sheet names: at most 31 characters, none of []:*?/\ . */
const sheetName = (name: string) =>
  cellText(name)
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31) || 'Лист1';

/** Resolves when `output` may take more, rejects when it was closed (the client went away). */
function roomIn(output: Writable): Promise<void> {
  if (output.destroyed) return Promise.reject(new Error('spreadsheet output closed'));
  if (!output.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      output.off('drain', onDrain);
      output.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('spreadsheet output closed'));
    output.on('drain', onDrain);
    output.on('close', onClose);
  });
}

/**
 * Writes a workbook of one sheet to `output`: a bold, frozen header row, then every row as it
 * comes. Rows are pulled only while the output keeps up, so a slow reader holds back the producer
 * instead of the rows piling up in memory. Resolves once the file is complete.
 */
export function writeSheet(output: Writable, sheet: Sheet): Promise<void> {
  return writeWorkbook(output, [sheet]);
}

/** A name Excel has not seen yet in this workbook (it refuses two sheets of one name). */
function uniqueSheetName(name: string, taken: Set<string>): string {
  let candidate = sheetName(name);
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) {
    const suffix = ` (${n})`;
    candidate = `${sheetName(name).slice(0, 31 - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Writes a workbook of several sheets, one after another, each as `writeSheet` writes its one. */
export async function writeWorkbook(output: Writable, sheets: Sheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: true,
    // Inline strings: a shared-strings table would keep every distinct text until the end.
    useSharedStrings: false,
  });
  const names = new Set<string>();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(uniqueSheetName(sheet.name, names), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    worksheet.columns = sheet.columns.map((column, index) => ({
      header: cellText(column.header),
      key: String(index),
      width: column.width ?? 16,
      ...(column.format ? { style: { numFmt: column.format } } : {}),
    }));
    const header = worksheet.getRow(1);
    header.font = { bold: true };
    header.commit();

    let written = 0;
    for await (const cells of sheet.rows) {
      worksheet.addRow(cells.map(writableCell)).commit();
      written += 1;
      if (written % ROWS_PER_ROOM_CHECK === 0) {
        await nextTurn();
        await roomIn(output);
      }
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/**
 * The workbook as a readable stream, written as it is read (for an HTTP response). A failure
 * while writing destroys the stream, so the reader never mistakes a cut file for a whole one.
 */
export function sheetStream(sheet: Sheet): Readable {
  const output = new PassThrough();
  writeSheet(output, sheet).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/** A workbook of several sheets as a readable stream (as `sheetStream` does for one). */
export function workbookStream(sheets: Sheet[]): Readable {
  const output = new PassThrough();
  writeWorkbook(output, sheets).catch((error: unknown) => output.destroy(error as Error));
  return output;
}

type ExcelCell =
  | CellValue
  | undefined
  | { richText: { text: string }[] }
  | { result?: unknown; formula?: string; sharedFormula?: string }
  | { text: unknown; hyperlink: string }
  | { error: string };

/** A cell as a plain value: rich text as its text, a formula as its result, an error as empty. */
function plainCell(value: ExcelCell): CellValue {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value || 'result' in value) {
    return 'result' in value ? plainCell(value.result as ExcelCell) : null;
  }
  if ('text' in value) return plainCell(value.text as ExcelCell);
  return null;
}

/** A chunk of the padding entry; the stream's buffers hold far less than all of them. */
const PADDING_CHUNK = Buffer.alloc(16 * 1024);
const PADDING_CHUNKS = 64;
const PADDING_NAME = Buffer.from('padding.bin');

/** The local header of a stored (not compressed) entry holding the padding's bytes. */
function paddingHeader(): Buffer {
  const size = PADDING_CHUNK.length * PADDING_CHUNKS;
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(10, 4); // version needed: 1.0
  header.writeUInt32LE(size, 18); // compressed size (stored: the same)
  header.writeUInt32LE(size, 22); // uncompressed size
  header.writeUInt16LE(PADDING_NAME.length, 26);
  return Buffer.concat([header, PADDING_NAME]);
}

/**
 * What the zip reader is given: the archive's entries as they are, without its central directory,
 * and then an entry of padding the workbook reader skips.
 *
 * The reader takes the entries in their order and defers a sheet stored before the shared strings
 * (Excel's own order, and ours) to a temporary file. Meanwhile the zip parser runs on through the
 * small entries, which it can pass without anyone reading them, and at the directory it announces
 * the end at once: an entry it had passed but the reader had not yet taken (often `workbook.xml`)
 * was lost, and a sound file was refused as damaged, now and then, more often on a busy machine.
 * The padding is larger than the streams between them can hold, so the parser waits there until
 * the reader has taken every entry before it; only then does the input end.
 */
function readerInput(bytes: Buffer): Readable {
  const end = zipDirectoryEnd(bytes);
  if (!end || end.offset > end.at) {
    throw new UnreadableSpreadsheetError(new Error('not a zip archive'));
  }
  function* chunks() {
    yield bytes.subarray(0, end!.offset);
    yield paddingHeader();
    for (let i = 0; i < PADDING_CHUNKS; i += 1) yield PADDING_CHUNK;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * The rows of the workbook's first sheet, one at a time, header included; empty rows are skipped
 * (their line numbers are kept). A file that is not an xlsx workbook, or is damaged, throws
 * UnreadableSpreadsheetError; one past `limits`, SpreadsheetLimitError.
 */
export async function* readSheetRows(
  bytes: Buffer,
  limits: SheetLimits = { maxRows: Infinity, maxColumns: Infinity },
): AsyncGenerator<SheetRow> {
  const zip = readerInput(bytes);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(zip, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets: AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>;
  try {
    sheets = workbook[Symbol.asyncIterator]();
  } catch (error) {
    throw new UnreadableSpreadsheetError(error);
  }
  try {
    const first = await sheets.next().catch((error: unknown) => {
      throw new UnreadableSpreadsheetError(error);
    });
    // Every workbook has a sheet: a zip without one is another kind of file (a .docx, say).
    if (first.done) throw new UnreadableSpreadsheetError(new Error('no worksheet'));
    const rows = first.value[Symbol.asyncIterator]();
    let read = 0;
    for (;;) {
      const next = await rows.next().catch((error: unknown) => {
        throw new UnreadableSpreadsheetError(error);
      });
      if (next.done) break;
      read += 1;
      if (read > limits.maxRows) throw new SpreadsheetLimitError('rows', next.value.number);
      const values = next.value.values as ExcelCell[];
      let width = values.length - 1;
      while (width > 0 && (values[width] === undefined || values[width] === null)) width -= 1;
      if (width > limits.maxColumns) throw new SpreadsheetLimitError('columns', next.value.number);
      const cells = Array.from({ length: Math.max(width, 0) }, (_, i) => plainCell(values[i + 1]));
      if (cells.some((cell) => cell !== null && cell !== '')) {
        yield { line: next.value.number, cells };
      }
    }
  } finally {
    await sheets.return?.().catch(() => undefined);
    zip.destroy();
  }
}
