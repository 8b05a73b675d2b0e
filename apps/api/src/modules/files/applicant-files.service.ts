import {
  MAX_UPLOAD_BYTES,
  type TApplicantFile,
  type TApplicantFileKind,
  UPLOAD_MESSAGES,
} from '@ats/contracts/files';
import type { Session } from '../../platform/auth.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { detectUploadType, uploadFileName } from '../../platform/file-types.ts';
import { assertUploadWithinLimits } from '../../platform/untrusted-files.ts';
import type { Storage } from '../../platform/storage.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { uploadEmpty, uploadTooLarge } from '../../platform/uploads.ts';
import {
  changeApplicantBelongings,
  readApplicantBelongings,
} from '../applicants/applicants.service.ts';
import { blobOf, discardBlobs, removeFileRecords, toApplicantFile } from './files.service.ts';
import * as repo from './files.repository.ts';

export type Upload = { bytes: Buffer; fileName: string | undefined; kind: TApplicantFileKind };

/**
 * A résumé or attachment for the card. The caller must be allowed to edit the applicant; the type
 * comes from the bytes. The bytes are written only once the applicant is found and locked, and
 * removed again if the row does not commit, so a refused upload leaves nothing behind.
 */
export async function addApplicantFile(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  applicantId: number,
  upload: Upload,
): Promise<TApplicantFile> {
  const written: string[] = [];
  try {
    return await changeApplicantBelongings(tenant, session, applicantId, async ({ tx, record }) => {
      if (upload.bytes.length === 0) throw uploadEmpty();
      if (upload.bytes.length > MAX_UPLOAD_BYTES) throw uploadTooLarge();
      const type = detectUploadType(upload.bytes);
      if (!type) throw badRequest(UPLOAD_MESSAGES.wrongType, { file: UPLOAD_MESSAGES.wrongType });
      assertUploadWithinLimits(upload.bytes, type);
      const fileName = uploadFileName(upload.fileName, type);
      const blob = blobOf(tenant.accountId, upload.bytes, type, fileName);
      await storage.put(blob.storageKey, upload.bytes);
      written.push(blob.storageKey);
      const row = await repo.insertFile(tx, {
        accountId: tenant.accountId,
        applicantId,
        kind: upload.kind,
        storageKey: blob.storageKey,
        fileName,
        mimeType: type,
        sizeBytes: blob.sizeBytes,
        sha256: blob.sha256,
        uploadedBy: tenant.userId,
      });
      await record('file_added', { file_id: row.id, file_name: fileName, kind: upload.kind });
      return toApplicantFile({
        id: row.id,
        file_name: row.fileName,
        mime_type: row.mimeType,
        size_bytes: row.sizeBytes,
        kind: upload.kind,
        uploaded_by: row.uploadedBy,
        created_at: row.createdAt,
      });
    });
  } catch (error) {
    await discardBlobs(storage, written);
    throw error;
  }
}

export async function listApplicantFiles(tenant: Tenant, session: Session, applicantId: number) {
  const rows = await readApplicantBelongings(tenant, session, applicantId, (tx) =>
    repo.listApplicantFiles(tx, tenant.accountId, applicantId),
  );
  return rows.map(toApplicantFile);
}

/** The row goes with the change; the bytes after the commit (a failed delete harms nothing). */
export async function removeApplicantFile(
  storage: Storage,
  tenant: Tenant,
  session: Session,
  applicantId: number,
  fileId: number,
) {
  const keys = await changeApplicantBelongings(
    tenant,
    session,
    applicantId,
    async ({ tx, record }) => {
      const file = await repo.findApplicantFile(tx, tenant.accountId, applicantId, fileId);
      if (!file) throw notFound(UPLOAD_MESSAGES.notFound);
      const removed = await removeFileRecords(tx, tenant, [file.id]);
      await record('file_removed', {
        file_id: file.id,
        file_name: file.file_name,
        kind: file.kind,
      });
      return removed;
    },
  );
  await discardBlobs(storage, keys);
  return UPLOAD_MESSAGES.removed;
}
