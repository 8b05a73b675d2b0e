import { type TUploadType, UPLOAD_TYPES } from '@ats/contracts/files';

// What an uploaded file is, decided by its bytes (photos, documents, zips), and the name it is
// kept under. Shared by every upload: card files, photos, résumés to parse, tables to import.

/** Image formats a photo may have, recognised by their first bytes rather than by the name. */
export const PHOTO_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type PhotoType = keyof typeof PHOTO_TYPES;

/** Whether the bytes at `offset` are the signature (a file's "magic number"). */
export const startsWithBytes = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, i) => bytes[offset + i] === byte);

export function detectImageType(bytes: Buffer): PhotoType | null {
  if (startsWithBytes(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWithBytes(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (
    startsWithBytes(bytes, [0x52, 0x49, 0x46, 0x46]) &&
    startsWithBytes(bytes, [0x57, 0x45, 0x42, 0x50], 8)
  ) {
    return 'image/webp';
  }
  if (startsWithBytes(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61])) return 'image/gif';
  if (startsWithBytes(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'image/gif';
  return null;
}

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const startsWithText = (bytes: Buffer, text: string) =>
  bytes.length >= text.length && bytes.subarray(0, text.length).toString('latin1') === text;

/** Starts as a PDF does; whether the rest is readable is for a PDF reader to say. */
export const startsLikePdf = (bytes: Buffer) => startsWithText(bytes, '%PDF-');
/** Starts as a zip does (xlsx and docx are zips); see zipEntryNames for what is inside. */
export const startsLikeZip = (bytes: Buffer) => startsWithText(bytes, 'PK\x03\x04');

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_SIZE = 22;
const MAX_ZIP_COMMENT = 0xffff;

/**
 * The names in a zip's central directory, or null when the bytes are not a readable zip. The
 * directory at the end is what unzip tools (and Word) trust, so a file that merely starts like a
 * zip, or hides a name in its data, does not pass.
 */
export function zipEntryNames(bytes: Buffer): string[] | null {
  if (!startsLikeZip(bytes) || bytes.length < EOCD_SIZE) return null;
  const searchFrom = Math.max(0, bytes.length - EOCD_SIZE - MAX_ZIP_COMMENT);
  let eocd = -1;
  for (let at = bytes.length - EOCD_SIZE; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  // Zip64 archives mark these fields as 0xFFFF…; a 15 MB document never needs them.
  if (directoryOffset + directorySize > eocd) return null;
  const names: string[] = [];
  let at = directoryOffset;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > eocd) return null;
    names.push(bytes.subarray(at + 46, nameEnd).toString('utf8'));
    at = nameEnd + extraLength + commentLength;
  }
  return names;
}

/** A Word document is a zip with the main part and the content-types manifest. */
const isDocx = (bytes: Buffer) => {
  const names = zipEntryNames(bytes);
  return (
    names !== null && names.includes('word/document.xml') && names.includes('[Content_Types].xml')
  );
};

/**
 * What an uploaded file is, decided by its bytes and never by its name or declared type: PDF,
 * DOCX, RTF, or one of the photo formats. Anything else (an old .doc, an .exe, plain text) is null.
 */
export function detectUploadType(bytes: Buffer): TUploadType | null {
  if (startsLikePdf(bytes)) return 'application/pdf';
  if (startsWithText(bytes, '{\\rtf')) return 'application/rtf';
  if (isDocx(bytes)) return DOCX;
  return detectImageType(bytes);
}

const MAX_NAME_LENGTH = 200;

/**
 * The name a file is kept and downloaded under: the sender's name without any folder or control
 * characters, its extension made to match the content (a PDF sent as `резюме.txt` becomes
 * `резюме.pdf`), so a downloaded file opens as what it really is.
 */
export function uploadFileName(given: string | undefined, type: TUploadType): string {
  const extensions: readonly string[] = UPLOAD_TYPES[type];
  const base = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .normalize('NFC')
    .trim();
  const match = /^(.*)\.([a-z0-9]{1,5})$/i.exec(base);
  const stem = (match ? match[1]! : base).trim().slice(0, MAX_NAME_LENGTH) || 'файл';
  const extension = match?.[2]!.toLowerCase();
  return `${stem}.${extension && extensions.includes(extension) ? extension : extensions[0]}`;
}
