import { FILE_LIMIT_MESSAGES, MAX_RESUME_MARKUP_BYTES } from '@ats/contracts/files';
import { AppError } from '../../platform/errors.ts';
import { assertPdfWithinLimits } from '../../platform/pdf-limits.ts';
import {
  assertZipInflatesWithinLimits,
  assertZipWithinLimits,
  runUntrusted,
  workerTask,
  ZIP_LIMITS,
} from '../../platform/untrusted-files.ts';
import { type ParsedResume, parseResumeText } from './resume-parser.ts';
import { extractResumeText, type ResumeFileType } from './resume-text.ts';

// A résumé is read in a worker thread (see platform/untrusted-files.ts): the PDF or Word reader
// and the parser run there, under a heap limit and a deadline, and only the draft comes back.

/**
 * A Word résumé's markup is held to 2 MB besides the general limits: the Word reader is slow on
 * markup (a 97 KB file of 30 MB of paragraphs held the server for 41 s), and a résumé has little.
 */
const WORD_RESUME_LIMITS = {
  ...ZIP_LIMITS,
  maxMarkupBytes: MAX_RESUME_MARKUP_BYTES,
  markupTooLarge: () =>
    new AppError(413, FILE_LIMIT_MESSAGES.markupTooLarge, {
      file: FILE_LIMIT_MESSAGES.markupTooLarge,
    }),
};

/** A résumé's reading is given this long: a 20-page PDF takes about a second. */
const READ_TIMEOUT_MS = 10_000;

type ReadInput = { bytes: Uint8Array; type: ResumeFileType };
export type ReadResume = { parsed: ParsedResume; textLength: number };

/**
 * Runs in the worker: the zip checked as it unpacks (a PDF's streams likewise), the text
 * extracted, then parsed.
 */
export async function readResumeTask({ bytes, type }: ReadInput): Promise<ReadResume> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'docx') assertZipInflatesWithinLimits(buffer, WORD_RESUME_LIMITS);
  else await assertPdfWithinLimits(buffer);
  const text = await extractResumeText(buffer, type);
  return { parsed: parseResumeText(text), textLength: text.trim().length };
}

const readResumeInWorker = workerTask<ReadInput, ReadResume>(import.meta.url, 'readResumeTask');

/**
 * The parsed résumé. A Word file whose directory declares more than the limits is refused here at
 * once; everything else is read off the request's thread.
 */
export async function readResume(bytes: Buffer, type: ResumeFileType): Promise<ReadResume> {
  if (type === 'docx') assertZipWithinLimits(bytes, WORD_RESUME_LIMITS);
  return runUntrusted(readResumeInWorker, { bytes, type }, { timeoutMs: READ_TIMEOUT_MS });
}
