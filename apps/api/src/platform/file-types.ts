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

export type ImageSize = { width: number; height: number };

/** JPEG markers that start a frame (SOF0–SOF15 but DHT, JPG and DAC): they carry the size. */
const isJpegFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(bytes: Buffer): ImageSize | null {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // Fill bytes, and markers without a length (RSTn, TEM).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (isJpegFrame(marker)) {
      if (at + 9 > bytes.length) return null;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 30) return null;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { width: bytes.readUIntLE(24, 3) + 1, height: bytes.readUIntLE(27, 3) + 1 };
  }
  if (chunk === 'VP8L' && bytes[20] === 0x2f) {
    const bits = bytes.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && startsWithBytes(bytes, [0x9d, 0x01, 0x2a], 23)) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return null;
}

/**
 * The width and height an image declares in its header, read without decoding a pixel: what a
 * decoder would allocate is known (and refused when too large) before any decoder sees the file.
 */
export function imageSize(bytes: Buffer): ImageSize | null {
  switch (detectImageType(bytes)) {
    case 'image/png':
      if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
      return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
    case 'image/gif':
      return bytes.length < 10
        ? null
        : { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
    case 'image/jpeg':
      return jpegSize(bytes);
    case 'image/webp':
      return webpSize(bytes);
    default:
      return null;
  }
}

/**
 * Whether a PNG needs decoding to go into a PDF: with an alpha channel (colour types 4 and 6),
 * transparency (tRNS) or interlacing the PDF writer unpacks every pixel; other PNGs and JPEGs are
 * copied in as they are.
 */
export function pngNeedsDecoding(bytes: Buffer): boolean {
  if (detectImageType(bytes) !== 'image/png' || bytes.length < 29) return false;
  const colourType = bytes[25]!;
  const interlaced = bytes[28] !== 0;
  return colourType === 4 || colourType === 6 || interlaced || bytes.includes('tRNS', 33, 'latin1');
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

/** One file of a zip as its central directory describes it (sizes as declared, not yet checked). */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; zip readers know others, these are the two Office files use. */
  method: number;
  /** Bit 3: sizes follow the data in a descriptor. */
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts. */
  offset: number;
};

/** Where the central directory is and how many entries it lists, or null when there is none. */
export function zipDirectoryEnd(bytes: Buffer) {
  if (!startsLikeZip(bytes) || bytes.length < EOCD_SIZE) return null;
  const searchFrom = Math.max(0, bytes.length - EOCD_SIZE - MAX_ZIP_COMMENT);
  for (let at = bytes.length - EOCD_SIZE; at >= searchFrom; at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      return {
        at,
        entries: bytes.readUInt16LE(at + 10),
        size: bytes.readUInt32LE(at + 12),
        offset: bytes.readUInt32LE(at + 16),
      };
    }
  }
  return null;
}

/**
 * The entries of a zip's central directory, or null when the bytes are not a readable zip. The
 * directory at the end is what unzip tools (and Word) trust, so a file that merely starts like a
 * zip, or hides a name in its data, does not pass. `maxEntries` stops reading a directory that
 * claims more (answered as null too, so callers ask `zipDirectoryEnd` for the count first).
 */
export function zipEntries(bytes: Buffer, maxEntries = 0xffff): ZipEntry[] | null {
  const end = zipDirectoryEnd(bytes);
  if (!end || end.entries > maxEntries) return null;
  // Zip64 archives mark these fields as 0xFFFF…; a 15 MB document never needs them.
  if (end.offset + end.size > end.at) return null;
  const entries: ZipEntry[] = [];
  let at = end.offset;
  for (let i = 0; i < end.entries; i++) {
    if (at + 46 > end.at || bytes.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const nameEnd = at + 46 + nameLength;
    if (nameEnd > end.at) return null;
    entries.push({
      name: bytes.subarray(at + 46, nameEnd).toString('utf8'),
      flags: bytes.readUInt16LE(at + 8),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      uncompressedSize: bytes.readUInt32LE(at + 24),
      offset: bytes.readUInt32LE(at + 42),
    });
    at = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** The names in a zip's central directory, or null when the bytes are not a readable zip. */
export const zipEntryNames = (bytes: Buffer): string[] | null =>
  zipEntries(bytes)?.map((entry) => entry.name) ?? null;

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

const DATA_URL = /^data:image\/[a-z+.-]+;base64,([A-Za-z0-9+/=\s]+)$/i;
const RASTER_DATA_URL = /^data:image\/(png|jpe?g|webp|gif);base64,[A-Za-z0-9+/=]+$/;

/**
 * An image sent as a data URL, with the type its bytes show (JPEG, PNG, WebP or GIF) in place of
 * the one it declares; null when the bytes are anything else (an SVG, which may carry scripts, a
 * page, a document). What is stored and shown as the URL's type is then never the sender's word.
 */
export function rasterDataUrl(dataUrl: string): string | null {
  const base64 = DATA_URL.exec(dataUrl)?.[1]?.replace(/\s+/g, '');
  if (!base64) return null;
  const type = detectImageType(Buffer.from(base64, 'base64'));
  return type ? `data:${type};base64,${base64}` : null;
}

/** Whether a stored data URL declares a raster type: what is not one is never handed out. */
export const isRasterDataUrl = (value: string) => RASTER_DATA_URL.test(value);
