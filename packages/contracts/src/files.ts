import { z } from 'zod';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Files on the applicant's card: résumés and attachments. The photo is the applicant's `photo`.

/** The largest résumé or attachment the server accepts. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/** The types an upload may have, recognised by its content; the extensions its name may carry. */
export const UPLOAD_TYPES = {
  'application/pdf': ['pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/rtf': ['rtf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
} as const;
export type TUploadType = keyof typeof UPLOAD_TYPES;

/** For `<input type="file" accept>`: a hint to the browser; the server decides by content. */
export const UPLOAD_ACCEPT = Object.values(UPLOAD_TYPES)
  .flat()
  .map((ext) => `.${ext}`)
  .join(',');

export const UPLOAD_MESSAGES = {
  wrongType: 'Файл должен быть PDF, DOCX, RTF или изображением',
  tooLarge: 'Файл больше 15 МБ',
  empty: 'Файл пустой',
  missing: 'Прикрепите файл в поле file',
  notMultipart: 'Файл отправляется как multipart/form-data',
  tooManyParts: 'Отправьте один файл за раз',
  removed: 'Файл удалён',
  notFound: 'Файл не найден',
} as const;

export const APPLICANT_FILE_KINDS = ['resume', 'attachment'] as const;
export const ZApplicantFileKind = lazySchema(() =>
  z.enum(APPLICANT_FILE_KINDS, {
    error: 'Вид файла: resume (резюме) или attachment (вложение)',
  }),
);
export type TApplicantFileKind = z.infer<typeof ZApplicantFileKind>;

/** A file on the card; `url` serves its bytes (`GET /api/files/{id}`). */
export const ZApplicantFile = lazySchema(() =>
  z.object({
    id: z.number().int(),
    file_name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int(),
    kind: ZApplicantFileKind,
    url: z.string(),
    uploaded_by: z.number().int().nullable(),
    created_at: z.string(),
  }),
);
export type TApplicantFile = z.infer<typeof ZApplicantFile>;
export const ZApplicantFileList = lazySchema(() => z.array(ZApplicantFile));

export const ZApplicantFileParams = lazySchema(() => z.object({ id: ZId, fileId: ZId }));

/**
 * The sizes (CSS pixels, the side of the square box) the interface shows photos and logos at: the
 * header's logo 32, a list's avatar 36, the photo field 64, the card's avatar 80, the logo
 * setting 96. `GET /api/files/{id}?size=…&density=1|2` serves an image scaled to that box for a
 * screen of that density (never enlarged); without either it serves the file as stored.
 */
export const IMAGE_SIZES = ['32', '36', '64', '80', '96'] as const;
export const IMAGE_DENSITIES = ['1', '2'] as const;
/** The size a variant has when only its density is asked for: the largest box. */
export const DEFAULT_IMAGE_SIZE = '96';
export const ZFileQuery = lazySchema(() =>
  z.object({
    size: z
      .enum(IMAGE_SIZES, { error: `Размер изображения: ${IMAGE_SIZES.join(', ')}` })
      .optional(),
    density: z.enum(IMAGE_DENSITIES, { error: 'Плотность экрана: 1 или 2' }).optional(),
  }),
);
export type TFileQuery = z.infer<typeof ZFileQuery>;

/** The largest image (in pixels, width × height) a photo, a logo or an image file may declare. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** What a zipped document (DOCX, XLSX) may unpack to, and how many parts it may hold. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
export const MAX_ZIP_ENTRIES = 2000;
/**
 * The markup (XML parts) of a Word résumé to parse: the Word reader spends about 2.7 s and 90 MB
 * a megabyte of it at worst; a real résumé has a few hundred kilobytes.
 */
export const MAX_RESUME_MARKUP_BYTES = 2 * 1024 * 1024;
/**
 * What the pages of a PDF (its content streams: the drawing and text commands) may unpack to:
 * the PDF reader gets through about 4 MB of them a second, a résumé's page has tens of kilobytes.
 */
export const MAX_PDF_CONTENT_BYTES = 8 * 1024 * 1024;
/**
 * The text of a PDF résumé: the commands that show text (`Tj`, `TJ`, `'`, `"`) in all its pages,
 * and what the reader gives of its first 20 pages, in pieces (runs of text) and characters. A
 * two-page résumé has a few hundred commands and a few thousand characters.
 */
export const MAX_PDF_TEXT_OPERATORS = 50_000;
export const MAX_PDF_TEXT_ITEMS = 20_000;
export const MAX_PDF_TEXT_CHARS = 200_000;

/** Refusals of a file that is small as sent but too big or too hard to read (a «bomb»). */
export const FILE_LIMIT_MESSAGES = {
  unpackedTooLarge: `Файл слишком большой в распакованном виде: больше ${MAX_UNPACKED_BYTES / 1024 / 1024} МБ`,
  markupTooLarge: `В документе больше ${MAX_RESUME_MARKUP_BYTES / 1024 / 1024} МБ разметки: сохраните резюме в PDF или заполните поля вручную`,
  tooManyEntries: `В файле слишком много частей: больше ${MAX_ZIP_ENTRIES}`,
  damagedZip: 'Файл повреждён: его части не совпадают с оглавлением архива',
  pdfContentTooLarge: `Страницы PDF слишком сложные: больше ${MAX_PDF_CONTENT_BYTES / 1024 / 1024} МБ команд в распакованном виде. Сохраните резюме в PDF заново или заполните поля вручную`,
  pdfTooMuchText:
    'В PDF больше текста, чем бывает в резюме: загрузите резюме покороче или заполните поля вручную',
  imageTooLarge: `Изображение слишком большое: больше ${MAX_IMAGE_PIXELS / 1_000_000} мегапикселей`,
  tooSlow: 'Файл слишком сложный: его не удалось прочитать за отведённое время',
  tooMuchMemory: 'Файл слишком сложный: на его чтение не хватило памяти',
  busy: 'Сервер сейчас читает другие файлы: повторите попытку через минуту',
} as const;
