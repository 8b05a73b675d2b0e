import { base64SizeKb } from './base64-size';

const KB_PER_MB = 1024;

/**
 * A size as a person reads it, in Russian: «480 КБ», «3,2 МБ», «2 МБ», to a tenth of a megabyte
 * (`round` picks how: nearest by default, up where a size must not read as a limit it exceeds).
 */
export function formatFileSize(kb: number, round: (x: number) => number = Math.round): string {
  if (kb < KB_PER_MB) return `${round(kb)} КБ`;
  const mb = round((kb / KB_PER_MB) * 10) / 10;
  return `${mb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ`;
}

/** The decoded size of a data URL (`data:…;base64,<payload>`) in KB, by SPEC.md §9's rule. */
export function dataUrlSizeKb(dataUrl: string): number {
  const comma = dataUrl.indexOf(',');
  return base64SizeKb(dataUrl.slice(comma + 1).replace(/\s+/g, ''));
}

/**
 * «Фото 6,1 МБ больше допустимых 5 МБ» when `sizeKb` is over `limitBytes`, else undefined: what a
 * picker says instead of sending a file the server would refuse.
 */
export function oversizeMessage(what: string, sizeKb: number, limitBytes: number) {
  if (sizeKb * 1024 <= limitBytes) return undefined;
  const limit = formatFileSize(limitBytes / 1024);
  // A file just over the limit reads «5,1 МБ», never «5 МБ больше допустимых 5 МБ».
  const nearest = formatFileSize(sizeKb);
  const size = nearest === limit ? formatFileSize(sizeKb, Math.ceil) : nearest;
  return `${what} ${size} больше допустимых ${limit}`;
}

/** The same check for a data URL about to be sent. */
export const dataUrlOversize = (what: string, dataUrl: string, limitBytes: number) =>
  oversizeMessage(what, dataUrlSizeKb(dataUrl), limitBytes);

/** The same check for a picked file or a prepared blob, by its own size. */
export const fileOversize = (what: string, file: Pick<Blob, 'size'>, limitBytes: number) =>
  oversizeMessage(what, file.size / 1024, limitBytes);
