import {
  IMPORT_MESSAGES,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_LINES,
  MAX_IMPORT_ROWS,
} from '@ats/contracts/applicant-import';
import { parse as parseCsv } from 'csv-parse/sync';
import { AppError, badRequest } from '../../platform/errors.ts';
import { startsLikeZip, startsWithBytes } from '../../platform/file-types.ts';
import {
  type CellValue,
  readSheetRows,
  SpreadsheetLimitError,
  UnreadableSpreadsheetError,
} from '../../platform/spreadsheet.ts';
import {
  assertZipInflatesWithinLimits,
  assertZipWithinLimits,
  runUntrusted,
  workerTask,
} from '../../platform/untrusted-files.ts';

/**
 * Reading an uploaded table: which kind of file it is (by its bytes), and its rows as text. The
 * rows are read in a worker thread (platform/untrusted-files.ts), within limits on the unpacked
 * size, the lines read (empty ones too), the columns and the rows.
 */

export type ImportFormat =
  { format: 'xlsx' } | { format: 'csv'; encoding: CsvEncoding; delimiter: string };
export type CsvEncoding = 'utf-8' | 'windows-1251';

/** A row of the file: its line as Excel shows it (the header is line 1) and its cells as text. */
export type ImportRow = { line: number; cells: string[] };

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const DELIMITERS = [';', ',', '\t'] as const;
/** Text-like files that are still not tables: PDF, RTF, HTML and XML pages, JSON. */
const NOT_TABLES = /^(?:%PDF-|\{\\rtf|<!doctype|<html|<\?xml|\s*[[{])/i;

const unsupported = () => new AppError(415, IMPORT_MESSAGES.wrongType);

/** Text with no NUL bytes and few control characters: what a CSV file is made of. */
function looksLikeText(bytes: Buffer) {
  const head = bytes.subarray(0, 64 * 1024);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control += 1;
  }
  return control <= head.length / 100;
}

function encodingOf(bytes: Buffer): CsvEncoding {
  if (startsWithBytes(bytes, UTF8_BOM)) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // Not UTF-8: Russian Excel saves CSV in Windows-1251.
    return 'windows-1251';
  }
}

const decode = (bytes: Buffer, encoding: CsvEncoding) =>
  new TextDecoder(encoding).decode(bytes).replace(/^\uFEFF/, '');

/** The delimiter that splits the header line most often, quotes aside; a comma by default. */
function delimiterOf(text: string) {
  const header = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  let best: string = ',';
  let most = 0;
  for (const delimiter of DELIMITERS) {
    const count = header.split(delimiter).length - 1;
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

/**
 * The kind of file, decided by its content and never by its name: an xlsx workbook (a zip), or a
 * CSV text in UTF-8 (with or without BOM) or Windows-1251, split by `;`, `,` or a tab.
 */
export function detectImportFormat(bytes: Buffer): ImportFormat {
  if (bytes.length === 0) throw badRequest(IMPORT_MESSAGES.empty, { file: IMPORT_MESSAGES.empty });
  if (startsLikeZip(bytes)) {
    assertZipWithinLimits(bytes);
    return { format: 'xlsx' };
  }
  if (startsWithBytes(bytes, OLE)) throw new AppError(415, IMPORT_MESSAGES.oldExcel);
  if (!looksLikeText(bytes)) throw unsupported();
  const encoding = encodingOf(bytes);
  const text = decode(bytes.subarray(0, 64 * 1024), encoding);
  if (NOT_TABLES.test(text)) throw unsupported();
  return { format: 'csv', encoding, delimiter: delimiterOf(text) };
}

/** A cell as the text the recruiter sees; a date as ISO YYYY-MM-DD. */
function cellText(cell: CellValue | string | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  }
  if (typeof cell === 'boolean') return cell ? 'да' : 'нет';
  return String(cell).trim();
}

const tooManyLines = () =>
  new AppError(413, IMPORT_MESSAGES.tooManyLines, { file: IMPORT_MESSAGES.tooManyLines });
const tooManyColumns = () =>
  new AppError(422, IMPORT_MESSAGES.tooManyColumns, { file: IMPORT_MESSAGES.tooManyColumns });

async function* xlsxRows(bytes: Buffer): AsyncGenerator<ImportRow> {
  assertZipInflatesWithinLimits(bytes);
  try {
    const rows = readSheetRows(bytes, {
      maxRows: MAX_IMPORT_LINES,
      maxColumns: MAX_IMPORT_COLUMNS,
    });
    for await (const row of rows) {
      yield { line: row.line, cells: row.cells.map(cellText) };
    }
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) {
      throw badRequest(IMPORT_MESSAGES.unreadableXlsx, { file: IMPORT_MESSAGES.unreadableXlsx });
    }
    if (error instanceof SpreadsheetLimitError) {
      throw error.limit === 'rows' ? tooManyLines() : tooManyColumns();
    }
    throw error;
  }
}

/** Line breaks in the bytes: an upper bound of the records, known before the parser runs. */
function lineCount(bytes: Buffer) {
  let count = 1;
  for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) count += 1;
  return count;
}

function* csvRows(bytes: Buffer, encoding: CsvEncoding, delimiter: string): Generator<ImportRow> {
  if (lineCount(bytes) > MAX_IMPORT_LINES) throw tooManyLines();
  let records: string[][];
  try {
    // Empty lines are kept as records, so a record's index is its line in Excel.
    records = parseCsv(decode(bytes, encoding), {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      relax_quotes: true,
    }) as string[][];
  } catch {
    throw badRequest(IMPORT_MESSAGES.unreadableCsv, { file: IMPORT_MESSAGES.unreadableCsv });
  }
  for (const [index, record] of records.entries()) {
    const cells = record.map((cell) => cellText(cell));
    // Empty cells at the end count for the header (a column without a name), not for the limit.
    if (cells.findLastIndex((cell) => cell !== '') >= MAX_IMPORT_COLUMNS) throw tooManyColumns();
    if (cells.some((cell) => cell !== '')) {
      yield { line: index + 1, cells: cells.slice(0, MAX_IMPORT_COLUMNS) };
    }
  }
}

/** The rows of the file that have anything in them, header first. */
function readImportRows(bytes: Buffer, format: ImportFormat): AsyncIterable<ImportRow> {
  if (format.format === 'xlsx') return xlsxRows(bytes);
  const rows = csvRows(bytes, format.encoding, format.delimiter);
  return (async function* () {
    yield* rows;
  })();
}

type ReadInput = { bytes: Uint8Array; format: ImportFormat };

/** Runs in the worker: every row with anything in it, header first; at most the header and
 * MAX_IMPORT_ROWS rows (more is refused). */
export async function readImportFileTask({ bytes, format }: ReadInput): Promise<ImportRow[]> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: ImportRow[] = [];
  for await (const row of readImportRows(buffer, format)) {
    if (rows.length > MAX_IMPORT_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
    rows.push(row);
  }
  return rows;
}

const readInWorker = workerTask<ReadInput, ImportRow[]>(import.meta.url, 'readImportFileTask');

/** The rows of the file that have anything in them, header first, read off the request's thread. */
export const readImportFile = (bytes: Buffer, format: ImportFormat): Promise<ImportRow[]> =>
  runUntrusted(readInWorker, { bytes, format });

/** How a stored import's file is read again: its format, and for CSV the encoding and delimiter. */
export const storedFormatOf = (row: {
  format: 'xlsx' | 'csv';
  encoding: string | null;
  delimiter: string | null;
}): ImportFormat =>
  row.format === 'xlsx'
    ? { format: 'xlsx' }
    : {
        format: 'csv',
        encoding: row.encoding === 'windows-1251' ? 'windows-1251' : 'utf-8',
        delimiter: row.delimiter ?? ',',
      };
