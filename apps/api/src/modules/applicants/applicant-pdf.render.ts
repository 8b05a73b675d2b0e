import { createDocument } from '../../platform/pdf.ts';
import { runUntrusted, workerTask } from '../../platform/untrusted-files.ts';
import { type PrintedCard, writeApplicantCard } from './applicant-pdf.layout.ts';

// The card's PDF is written in a worker thread (platform/untrusted-files.ts): the photo in it was
// sent by a stranger, and laying out the fonts and the pages is the heaviest work of the request.

type RenderInput = Omit<PrintedCard, 'photo'> & { title: string; photo: Uint8Array | null };

/** Runs in the worker: the whole document, as bytes. */
export async function renderApplicantCardTask(input: RenderInput): Promise<Uint8Array> {
  const { title, photo, ...card } = input;
  const doc = createDocument({ title, subject: 'Карточка кандидата' });
  writeApplicantCard(doc, {
    ...card,
    photo: photo ? Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength) : null,
  });
  return doc.finish();
}

const renderInWorker = workerTask<RenderInput, Uint8Array>(
  import.meta.url,
  'renderApplicantCardTask',
);

/** A card this long takes well under a second; a stuck writer is ended at this deadline. */
const RENDER_TIMEOUT_MS = 10_000;

/** The card as a PDF, written off the request's thread. */
export async function renderApplicantCard(title: string, card: PrintedCard): Promise<Buffer> {
  const bytes = await runUntrusted(
    renderInWorker,
    { ...card, title },
    { timeoutMs: RENDER_TIMEOUT_MS },
  );
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
