import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { constants, deflateRawSync, deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** An entry of `rawZip`: its bytes already packed, and the sizes and CRC its headers declare. */
export type RawZipEntry = {
  name: string;
  packed: Buffer;
  /** The unpacked size the headers declare (a bomb may lie about it). */
  size: number;
  crc?: number;
  /** 8 deflate (the default), 0 stored. */
  method?: number;
};

/** A zip of entries packed by the caller, with the sizes they declare, as unzip reads it. */
export function rawZip(entries: RawZipEntry[], options: { hidden?: Buffer } = {}): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, packed, size, crc = 0, method = 8 } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by
    header.writeUInt16LE(20, 6); // version needed
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(packed.length, 20);
    header.writeUInt32LE(size, 24);
    header.writeUInt16LE(fileName.length, 28);
    header.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    central.push(header, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  // Bytes between the last part and the directory: where a part no directory lists would hide.
  if (options.hidden) {
    locals.push(options.hidden);
    offset += options.hidden.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real zip (deflated entries, central directory, end record) as unzip and Word read it. */
export function zip(entries: Record<string, string | Buffer>): Buffer {
  return rawZip(
    Object.entries(entries).map(([name, content]) => {
      const data = Buffer.from(content);
      return { name, packed: deflateRawSync(data), size: data.length, crc: crc32(data) };
    }),
  );
}

/**
 * `chunk` repeated `times` over as one raw deflate stream, built without compressing the whole:
 * the chunk is packed once and its blocks repeated (each refers only to itself), then a final
 * empty block. 600 MB of XML costs a few hundred kilobytes and a millisecond — a zip bomb.
 */
export function repeatedDeflate(chunk: Buffer, times: number): Buffer {
  const part = deflateRawSync(chunk, { finishFlush: constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array<Buffer>(times).fill(part), Buffer.from([0x03, 0x00])]);
}

/** The parts Word needs besides the body: the manifest and the package relations. */
export const WORD_PACKAGE: Record<string, string> = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
};

/** A Word document as Word saves it: the manifest, the package relations and the given body. */
export function wordDocument(bodyXml: string): Buffer {
  return zip({
    ...WORD_PACKAGE,
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
      `<w:body>${bodyXml}</w:body></w:document>`,
  });
}

/** The smallest Word document Word opens: one paragraph. */
export const tinyDocx = (text = 'Иван Петров, разработчик'): Buffer =>
  wordDocument(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`);

/**
 * A valid one-page PDF with a cross-reference table whose offsets are right; `padTo` grows it
 * (inside a comment before the trailer) to an exact size for limit tests.
 */
export function tinyPdf(padTo?: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const pdf = Buffer.from(body, 'latin1');
  if (!padTo) return pdf;
  return Buffer.concat([pdf, Buffer.alloc(padTo - pdf.length, 0x20)]);
}

/**
 * A one-page PDF whose page draws `content` (PDF commands, Flate-packed as writers pack them)
 * with Helvetica as /F1; the cross-reference offsets are right.
 */
export function pdfWithPageContent(content: string | Buffer): Buffer {
  const packed = deflateSync(Buffer.from(content as string, 'latin1'), { level: 9 });
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ' +
      '/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${packed.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
      packed,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      Buffer.from(object as string, 'latin1'),
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  chunks.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
        offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}

/**
 * The PDF of the freezing report: one page whose content repeats `BT /F1 12 Tf 72 720 Td (a) Tj
 * ET` `times` times — a million is 34 MB of commands packed into 94 KB.
 */
export const textRunsPdf = (times: number): Buffer =>
  pdfWithPageContent('BT /F1 12 Tf 72 720 Td (a) Tj ET\n'.repeat(times));

export const tinyRtf = (text = 'Resume') =>
  Buffer.from(`{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Arial;}}\\f0\\fs24 ${text}\\par}`, 'latin1');

/** What a Windows program starts with: the MZ header of an .exe. */
export const fakeExe = () =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), randomBytes(256)]);

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser sends it (UTF-8 file names, raw bytes). */
export function multipart(parts: MultipartPart[]) {
  const boundary = `----ats${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('filename' in part ? part.content : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs a multipart body as the web app's uploads do, the token in X-DCRT-HRM-AUTH. */
export async function postMultipart(
  app: FastifyInstance,
  url: string,
  parts: MultipartPart[],
  token: string | null,
) {
  const { payload, headers } = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...headers, ...(token ? { 'x-dcrt-hrm-auth': token } : {}) },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
