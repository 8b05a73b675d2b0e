import { z } from 'zod';
import { ZIconAnswer, ZIconField } from './icons.ts';
import { lazySchema } from './lazy-schema.ts';

/** Colour with or without '#', as the known clients send it; stored as '#RRGGBB'. */
export const ZTagColor = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^#?[0-9a-f]{6}$/i, {
      error: 'Цвет указывается как шесть шестнадцатеричных цифр, например #FF0000',
    })
    .transform((value) => `#${value.replace('#', '').toUpperCase()}`),
);

export const ZTag = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string(),
    description: z.string().nullable(),
    icon: ZIconAnswer,
  }),
);
export type TTag = z.infer<typeof ZTag>;
export const ZTagList = lazySchema(() => z.array(ZTag));

export const ZCreateTagRequest = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название тега' })
      .trim()
      .min(1, { error: 'Укажите название тега' })
      .max(100, { error: 'Не длиннее 100 символов' }),
    color: ZTagColor.optional(),
    description: z.string().trim().max(1000).nullish(),
    icon: ZIconField,
  }),
);
export type TCreateTagRequest = z.infer<typeof ZCreateTagRequest>;
export const ZUpdateTagRequest = lazySchema(() => ZCreateTagRequest.partial());

/** GET /api/tags/usage: how many applicants carry each tag (tags on nobody are left out). */
export const ZTagUsage = lazySchema(() =>
  z.array(z.object({ tag_id: z.number().int(), applicants_count: z.number().int() })),
);
export type TTagUsage = z.infer<typeof ZTagUsage>;
