import { UPLOAD_MESSAGES } from '@ats/contracts/files';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { AppError, badRequest } from './errors.ts';

/** Set when the plugin is registered: one file and a few short text fields per request. */
export const MULTIPART_LIMITS = {
  files: 1,
  fields: 10,
  parts: 11,
  fieldNameSize: 100,
  fieldSize: 1000,
  headerPairs: 100,
};

export type ReceivedUpload = {
  bytes: Buffer;
  fileName: string | undefined;
  fields: Record<string, string>;
};

const MALFORMED = 'Некорректное тело multipart/form-data';

/** Refusals of a document upload (card files, a résumé to parse), in the `file` field. */
export const uploadTooLarge = () =>
  new AppError(413, UPLOAD_MESSAGES.tooLarge, { file: UPLOAD_MESSAGES.tooLarge });
export const uploadEmpty = () => badRequest(UPLOAD_MESSAGES.empty, { file: UPLOAD_MESSAGES.empty });

/** The multipart plugin's refusals (too many parts, a broken body) as Russian 4xx answers. */
function refusalOf(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return badRequest(UPLOAD_MESSAGES.tooManyParts);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, UPLOAD_MESSAGES.notMultipart);
  }
  const status = (error as { statusCode?: number }).statusCode;
  if ((status && status >= 400 && status < 500) || error instanceof Error) {
    // Busboy's own errors ("Unexpected end of form", "Part terminated early") carry no status.
    return badRequest(MALFORMED);
  }
  return error;
}

/**
 * Reads the file of a multipart request (the `file` field; one file per request) and its text
 * fields. Busboy stops passing bytes after `maxBytes` and skips the rest of the body, so the
 * server never holds more than the limit; a longer file answers `tooLarge()`.
 */
export async function receiveUpload(
  request: FastifyRequest,
  maxBytes: number,
  tooLarge: () => AppError,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new AppError(415, UPLOAD_MESSAGES.notMultipart);
  const fields: Record<string, string> = {};
  let received: { bytes: Buffer; fileName: string | undefined } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) throw tooLarge();
      received = { bytes: Buffer.concat(chunks), fileName: part.filename || undefined };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refusalOf(error);
  }
  if (!received) throw badRequest(UPLOAD_MESSAGES.missing, { file: UPLOAD_MESSAGES.missing });
  return { ...received, fields };
}
