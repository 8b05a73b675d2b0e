import { z } from 'zod';
import { ZIconAnswer, ZIconField } from './icons.ts';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

/** Résumé sources every new account starts with. */
export const DEFAULT_ACCOUNT_SOURCES = [
  { name: 'hh.ru', abbr: 'HH' },
  { name: 'Avito Работа', abbr: 'AV' },
  { name: 'Хабр Карьера', abbr: 'ХК' },
  { name: 'SuperJob', abbr: 'SJ' },
  { name: 'Telegram', abbr: 'TG' },
  { name: 'Рекомендация', abbr: 'РК' },
  { name: 'Сайт компании', abbr: 'СК' },
  { name: 'Вручную', abbr: 'ВР' },
] as const;

export const ZAccountSource = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    abbr: z.string().nullable(),
    description: z.string().nullable(),
    is_active: z.boolean(),
    logo: z.string().nullable(),
    /** Position in the account's list, 1 first. */
    order: z.number().int(),
    icon: ZIconAnswer,
  }),
);
export type TAccountSource = z.infer<typeof ZAccountSource>;
export const ZAccountSourceList = lazySchema(() => z.array(ZAccountSource));

/** What a source's logo may be: a raster image (an SVG may carry scripts, so it is refused). */
export const SOURCE_LOGO_NOT_IMAGE =
  'Логотип — изображение JPEG, PNG, WebP или GIF в формате data URL';

const ZLogo = lazySchema(() =>
  z
    .string()
    .regex(/^data:image\/(png|jpe?g|webp|gif);base64,[A-Za-z0-9+/=]+$/, {
      error: SOURCE_LOGO_NOT_IMAGE,
    })
    .max(700_000, { error: 'Логотип больше 500 КБ' }),
);

export const ZCreateAccountSourceRequest = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название источника' })
      .trim()
      .min(1, { error: 'Укажите название источника' })
      .max(100),
    abbr: z.string().trim().max(10).nullish(),
    description: z.string().trim().max(1000).nullish(),
    is_active: z.boolean().optional(),
    // The draft client wraps the logo as {photo: "data:…"}; both forms are accepted.
    logo: z
      .union([z.string(), z.object({ photo: z.string() }).transform((v) => v.photo)], {
        error: SOURCE_LOGO_NOT_IMAGE,
      })
      .pipe(ZLogo)
      .nullish(),
    icon: ZIconField,
  }),
);
export const ZUpdateAccountSourceRequest = lazySchema(() => ZCreateAccountSourceRequest.partial());

/** POST /api/account_sources/reorder: every source of the account, in the new order. */
export const ZReorderAccountSourcesRequest = lazySchema(() =>
  z.object({
    ids: z
      .array(ZId, { error: 'Передайте список источников' })
      .min(1, { error: 'Передайте список источников' })
      .max(500, { error: 'Не больше 500 источников' })
      .refine((ids) => new Set(ids).size === ids.length, {
        error: 'Источники не должны повторяться',
      }),
  }),
);
export type TReorderAccountSourcesRequest = z.infer<typeof ZReorderAccountSourcesRequest>;
