import {
  assertZipInflatesWithinLimits,
  assertZipWithinLimits,
  runUntrusted,
  workerTask,
} from '../../platform/untrusted-files.ts';
import { type ParsedResume, parseResumeText } from './resume-parser.ts';
import { extractResumeText, type ResumeFileType } from './resume-text.ts';

// A résumé is read in a worker thread (see platform/untrusted-files.ts): the PDF or Word reader
// and the parser run there, under a heap limit and a deadline, and only the draft comes back.

type ReadInput = { bytes: Uint8Array; type: ResumeFileType };
export type ReadResume = { parsed: ParsedResume; textLength: number };

/** Runs in the worker: the zip checked as it unpacks, the text extracted, then parsed. */
export async function readResumeTask({ bytes, type }: ReadInput): Promise<ReadResume> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (type === 'docx') assertZipInflatesWithinLimits(buffer);
  const text = await extractResumeText(buffer, type);
  return { parsed: parseResumeText(text), textLength: text.trim().length };
}

const readResumeInWorker = workerTask<ReadInput, ReadResume>(import.meta.url, 'readResumeTask');

/**
 * The parsed résumé. A Word file whose directory declares more than the limits is refused here at
 * once; everything else is read off the request's thread.
 */
export async function readResume(bytes: Buffer, type: ResumeFileType): Promise<ReadResume> {
  if (type === 'docx') assertZipWithinLimits(bytes);
  return runUntrusted(readResumeInWorker, { bytes, type });
}
