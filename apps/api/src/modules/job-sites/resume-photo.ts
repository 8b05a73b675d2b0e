import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { detectImageType } from '../../platform/file-types.ts';
import { storageFor } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { assertImageWithinLimits } from '../../platform/untrusted-files.ts';
import { replaceApplicantPhoto } from '../applicants/applicants.service.ts';
import { PHOTO_NOT_IMAGE, PHOTO_TOO_LARGE } from '../files/files.service.ts';
import type { JobSitesDeps } from './job-sites.service.ts';

// The résumé's photo of an imported response (decision 0061): read from the address the site
// gives, after the response's own transaction committed, inside the sync job (never on a
// request). Everything about it is bounded: the time of the whole download, the bytes read
// (the photo limit, however long the site says the body is), the type by the first bytes and
// the pixels by the header, before anything is decoded. It is stored as the photo upload
// stores it (the applicants' service); any failure leaves the applicant without a photo and a
// note in the sync's result, and never fails the import.

/** The whole download, headers and body. */
export const PHOTO_DOWNLOAD_TIMEOUT_MS = 10_000;

export const PHOTO_NOTES = {
  address: 'адрес фото не http(s)',
  status: (status: number) => `сайт ответил ${status}`,
  tooLarge: PHOTO_TOO_LARGE,
  notImage: PHOTO_NOT_IMAGE,
  timeout: 'сайт не отдал фото за 10 секунд',
  unreachable: 'сайт недоступен',
} as const;

class PhotoRefused extends Error {}

async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new PhotoRefused(PHOTO_NOTES.tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * The photo's bytes, checked as an image within the limits, or a PhotoRefused with the reason
 * in Russian.
 */
export async function downloadPhoto(
  address: string,
  options: { limitBytes?: number; timeoutMs?: number } = {},
): Promise<Buffer> {
  const limit = options.limitBytes ?? MAX_PHOTO_BYTES;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new PhotoRefused(PHOTO_NOTES.address);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new PhotoRefused(PHOTO_NOTES.address);
  }
  const signal = AbortSignal.timeout(options.timeoutMs ?? PHOTO_DOWNLOAD_TIMEOUT_MS);
  try {
    const response = await fetch(url, { signal, headers: { accept: 'image/*' } });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      throw new PhotoRefused(PHOTO_NOTES.status(response.status));
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > limit) {
      await response.body.cancel().catch(() => undefined);
      throw new PhotoRefused(PHOTO_NOTES.tooLarge);
    }
    const bytes = await readCapped(response.body, limit);
    if (!detectImageType(bytes)) throw new PhotoRefused(PHOTO_NOTES.notImage);
    // The header's width × height, read before any decoding (a tiny file may declare a huge image).
    assertImageWithinLimits(bytes, () => badRequest(PHOTO_NOTES.notImage), 'photo');
    return bytes;
  } catch (error) {
    if (error instanceof PhotoRefused) throw error;
    if (error instanceof AppError) throw new PhotoRefused(error.message);
    if (signal.aborted) throw new PhotoRefused(PHOTO_NOTES.timeout);
    throw new PhotoRefused(PHOTO_NOTES.unreachable);
  }
}

/**
 * Downloads and stores the applicant's photo; answers null when stored, else the reason (also
 * logged, without the address's query).
 */
export async function importResumePhoto(
  deps: JobSitesDeps,
  tenant: Tenant,
  session: Session,
  applicantId: number,
  address: string,
): Promise<string | null> {
  try {
    const bytes = await downloadPhoto(address);
    await replaceApplicantPhoto(storageFor(deps.config), tenant, session, applicantId, bytes);
    return null;
  } catch (error) {
    const reason =
      error instanceof PhotoRefused || error instanceof AppError
        ? error.message
        : PHOTO_NOTES.unreachable;
    deps.log?.warn(
      { accountId: tenant.accountId, applicantId, reason, host: hostOf(address) },
      'job site résumé photo not stored',
    );
    return reason;
  }
}

const hostOf = (address: string) => {
  try {
    return new URL(address).host;
  } catch {
    return null;
  }
};
