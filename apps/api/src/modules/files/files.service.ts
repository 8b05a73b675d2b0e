import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { MAX_PHOTO_BYTES } from '@ats/contracts/applicants';
import {
  DEFAULT_IMAGE_SIZE,
  IMAGE_DENSITIES,
  IMAGE_SIZES,
  type TApplicantFile,
  type TApplicantFileKind,
  type TFileQuery,
} from '@ats/contracts/files';
import type { Db } from '@ats/db/connection';
import type { Session } from '../../platform/auth.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { PHOTO_TYPES, detectImageType } from '../../platform/file-types.ts';
import { contentDisposition } from '../../platform/content-disposition.ts';
import {
  type ImageFit,
  isPhotoType,
  scaledImage,
  variantType,
} from '../../platform/image-variants.ts';
import { assertImageWithinLimits } from '../../platform/untrusted-files.ts';
import { reachApplicant } from '../applicants/applicant-base.service.ts';
import * as repo from './files.repository.ts';

export const PHOTO_NOT_IMAGE = 'Фото должно быть изображением JPEG, PNG, WebP или GIF';
export const PHOTO_TOO_LARGE = 'Фото больше 5 МБ';
const FILE_NOT_FOUND = 'Файл не найден';

/** The URL a client loads a stored file from. */
export const fileUrl = (fileId: number | null) => (fileId ? `/api/files/${fileId}` : null);

/** A résumé or attachment as the card and the file list show it. */
export const toApplicantFile = (row: {
  id: number;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  kind: TApplicantFileKind;
  uploaded_by: number | null;
  created_at: Date | string;
}): TApplicantFile => ({
  id: row.id,
  file_name: row.file_name,
  mime_type: row.mime_type,
  size_bytes: row.size_bytes,
  kind: row.kind,
  url: `/api/files/${row.id}`,
  uploaded_by: row.uploaded_by,
  created_at: new Date(row.created_at).toISOString(),
});

/** Bytes already written to storage, waiting for their row in `files`. */
export type StoredBlob = {
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
  fileName: string;
};

/**
 * Decodes a photo sent as a data URL and writes it to storage. The declared type is not trusted:
 * the first bytes decide, and anything but JPEG, PNG, WebP or GIF is refused.
 */
export async function storePhotoFromDataUrl(
  storage: Storage,
  accountId: number,
  dataUrl: string,
): Promise<StoredBlob> {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1).replace(/\s+/g, '');
  return storePhoto(storage, accountId, Buffer.from(base64, 'base64'));
}

/** A photo sent as bytes (an upload): the same checks as a data URL. */
export async function storePhoto(
  storage: Storage,
  accountId: number,
  bytes: Buffer,
): Promise<StoredBlob> {
  if (bytes.length > MAX_PHOTO_BYTES) {
    throw new AppError(413, PHOTO_TOO_LARGE, { photo: PHOTO_TOO_LARGE });
  }
  const mimeType = detectImageType(bytes);
  const notImage = () => badRequest(PHOTO_NOT_IMAGE, { photo: PHOTO_NOT_IMAGE });
  if (!mimeType) throw notImage();
  assertImageWithinLimits(bytes, notImage, 'photo');
  const blob = blobOf(accountId, bytes, mimeType, `photo.${PHOTO_TYPES[mimeType]}`);
  await storage.put(blob.storageKey, bytes);
  return blob;
}

/** Where new bytes go: `<accountId>/<yyyy-mm>/<random>.<ext>`, the extension from the content. */
export function blobOf(
  accountId: number,
  bytes: Buffer,
  mimeType: string,
  fileName: string,
): StoredBlob {
  const month = new Date().toISOString().slice(0, 7);
  const name = randomBytes(16).toString('hex');
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return {
    storageKey: `${accountId}/${month}/${name}.${extension}`,
    mimeType,
    sizeBytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    fileName,
  };
}

/** Records a stored blob in the caller's transaction, so the row and its owner commit together. */
export async function recordFile(
  tx: Db,
  tenant: Tenant,
  blob: StoredBlob,
  owner: { applicantId: number | null; kind: 'photo' | 'resume' | 'attachment' | 'import' },
) {
  const row = await repo.insertFile(tx, {
    accountId: tenant.accountId,
    applicantId: owner.applicantId,
    kind: owner.kind,
    storageKey: blob.storageKey,
    fileName: blob.fileName,
    mimeType: blob.mimeType,
    sizeBytes: blob.sizeBytes,
    sha256: blob.sha256,
    uploadedBy: tenant.userId,
  });
  return row.id;
}

/** Removes file rows in the caller's transaction; returns the keys to delete after commit. */
export async function removeFileRecords(tx: Db, tenant: Tenant, ids: number[]) {
  const removed = await repo.deleteFilesByIds(tx, tenant.accountId, ids);
  return removed.map((r) => r.storageKey);
}

export async function removeApplicantFileRecords(tx: Db, tenant: Tenant, applicantIds: number[]) {
  const rows = await repo.listApplicantFileKeys(tx, tenant.accountId, applicantIds);
  return removeFileRecords(
    tx,
    tenant,
    rows.map((r) => r.id),
  );
}

/** Where the scaled copy of an image for a box and a screen density is kept, beside it. */
const variantKey = (key: string, size: string, density: string) => `${key}.v${size}x${density}`;

/** Every scaled copy an image may have (made on first request, see `openFile`). */
const variantKeys = (key: string) =>
  IMAGE_SIZES.flatMap((size) => IMAGE_DENSITIES.map((density) => variantKey(key, size, density)));

/** Bytes whose row is gone (or never committed): deleting them may fail without harm. */
export async function discardBlobs(storage: Storage, keys: string[]) {
  const all = keys.flatMap((key) => [key, ...variantKeys(key)]);
  await Promise.all(all.map((key) => storage.delete(key).catch(() => undefined)));
}

type FileRow = NonNullable<Awaited<ReturnType<typeof repo.findFileById>>>;
type FileContent = { stream: Readable; size: number; mimeType: string };

type MadeVariant = { bytes: Buffer; mimeType: string };

/** Variants being made now, by storage key: a second request for one waits for the first. */
const making = new Map<string, Promise<MadeVariant | null>>();

/**
 * The image scaled to `size` CSS pixels for a screen of `density`: read from storage when made
 * before, else made in the worker pool and kept. A stored image that cannot be scaled (damaged,
 * over the pixel limit) is null: the caller serves it as it is.
 */
async function imageVariant(
  storage: Storage,
  row: FileRow,
  size: string,
  density: string,
): Promise<FileContent | null> {
  if (!isPhotoType(row.mimeType)) return null;
  const mimeType = variantType(row.mimeType);
  const key = variantKey(row.storageKey, size, density);
  const kept = await storage.get(key);
  if (kept) return { ...kept, mimeType };
  let pending = making.get(key);
  if (!pending) {
    pending = makeVariant(storage, row, key, Number(size) * Number(density)).finally(() =>
      making.delete(key),
    );
    making.set(key, pending);
  }
  const made = await pending;
  return made && { stream: Readable.from([made.bytes]), size: made.bytes.length, mimeType };
}

async function makeVariant(
  storage: Storage,
  row: FileRow,
  key: string,
  box: number,
): Promise<MadeVariant | null> {
  const original = await storage.get(row.storageKey);
  if (!original || !isPhotoType(row.mimeType)) return null;
  const bytes = await buffer(original.stream);
  // An applicant's photo is shown round and cropped; a logo or an image file whole.
  const fit: ImageFit = row.applicantId !== null && row.kind === 'photo' ? 'cover' : 'contain';
  let scaled;
  try {
    assertImageWithinLimits(bytes, null);
    scaled = await scaledImage({ bytes, type: row.mimeType, box, fit });
  } catch (error) {
    if (error instanceof AppError && error.code !== 503) return null;
    throw error;
  }
  const variant = Buffer.from(scaled.bytes);
  // Made by another process meanwhile: the copy kept is as good as this one.
  await storage.put(key, variant).catch(() => undefined);
  return { bytes: variant, mimeType: scaled.mimeType };
}

/**
 * A stored file to send. An image asked for with `size` or `density` comes scaled (see
 * IMAGE_SIZES); anything else, and every request without them, gets the bytes as stored.
 */
export async function openFile(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  id: number,
  query: TFileQuery = {},
) {
  // An applicant's file is read as the card is: a watcher opens those of the applicants on their
  // vacancies (the photo on the board, the résumé); anyone else's is not found for them.
  const row = await tenant.transaction(async (tx) => {
    const found = await repo.findFileById(tx, tenant.accountId, id);
    if (!found) throw notFound(FILE_NOT_FOUND);
    if (found.applicantId !== null) {
      await reachApplicant(tx, tenant, session, found.applicantId).catch((error: unknown) => {
        throw error instanceof AppError && error.code === 404 ? notFound(FILE_NOT_FOUND) : error;
      });
    }
    return found;
  });
  const wantsVariant = query.size !== undefined || query.density !== undefined;
  const variant = wantsVariant
    ? await imageVariant(storage, row, query.size ?? DEFAULT_IMAGE_SIZE, query.density ?? '1')
    : null;
  const content = variant ?? (await storage.get(row.storageKey));
  if (!content) throw notFound(FILE_NOT_FOUND);
  // Only the raster types are served as images: whatever else a row may say is a download.
  const mimeType = variant?.mimeType ?? servedType(row.mimeType);
  return {
    stream: content.stream,
    size: content.size,
    mimeType,
    fileName: row.fileName,
    contentDisposition: fileDisposition(mimeType, row.fileName),
  };
}

const servedType = (mimeType: string) =>
  mimeType.startsWith('image/') && !isPhotoType(mimeType) ? 'application/octet-stream' : mimeType;

/**
 * Images (photos) open in the browser; documents are always downloaded, so a file never renders
 * as a page of the app. The name travels in RFC 5987 form, which keeps Cyrillic intact.
 */
const fileDisposition = (mimeType: string, fileName: string) =>
  contentDisposition(mimeType.startsWith('image/') ? 'inline' : 'attachment', fileName);

/**
 * The applicant's files among `ids`, in the caller's transaction (a message's attachments, issue
 * 14): what is not the applicant's is simply absent.
 */
export async function findApplicantFilesByIds(
  tx: Db,
  accountId: number,
  applicantId: number,
  ids: number[],
) {
  const rows = await repo.findFilesByIds(tx, accountId, ids);
  return rows.filter((row) => row.applicantId === applicantId);
}

/** A stored file's bytes, or null when storage has lost them. */
export async function readFileBytes(storage: Storage, storageKey: string) {
  const content = await storage.get(storageKey);
  return content ? buffer(content.stream) : null;
}

/**
 * A file an applicant sent in a message (issue 14), kept as the card's attachments are: any type
 * (served as a download unless a raster image), written to storage first, recorded in the
 * caller's transaction with no uploader. The caller checks the size limit.
 */
export async function storeReceivedFile(
  tx: Db,
  storage: Storage,
  accountId: number,
  applicantId: number,
  file: { bytes: Buffer; fileName: string; mimeType: string },
) {
  const safeName = file.fileName.replace(/[\\/\0]/g, '_').slice(0, 200) || 'file';
  const blob = blobOf(
    accountId,
    file.bytes,
    file.mimeType,
    safeName.includes('.') ? safeName : `${safeName}.bin`,
  );
  await storage.put(blob.storageKey, file.bytes);
  const row = await repo.insertFile(tx, {
    accountId,
    applicantId,
    kind: 'attachment',
    storageKey: blob.storageKey,
    fileName: safeName,
    mimeType: file.mimeType,
    sizeBytes: blob.sizeBytes,
    sha256: blob.sha256,
    uploadedBy: null,
  });
  return { id: row.id, storageKey: blob.storageKey };
}
