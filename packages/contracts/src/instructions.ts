import { z } from 'zod';
import { ZBodyId, ZIdParams } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// The knowledge base (issue 18, module `instructions`): public reads of sections, articles and
// the Russian search; writes only for the FAQ editor account (SPEC.md §6).

/** Slugs the routes use for themselves: an article may not take them. */
export const RESERVED_INSTRUCTION_SLUGS = [
  'search',
  'search_suggestions',
  'editor',
  'sections',
  'order',
] as const;

const SLUG_MESSAGE = 'Адрес: строчные латинские буквы, цифры и дефис';
export const ZInstructionSlug = lazySchema(() =>
  z
    .string({ error: 'Укажите адрес статьи' })
    .trim()
    .min(1, { error: 'Укажите адрес статьи' })
    .max(100, { error: 'Адрес не длиннее 100 символов' })
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: SLUG_MESSAGE }),
);

/** A piece of highlighted text: `match` marks the words the search found. */
export const ZHighlight = lazySchema(() =>
  z.array(z.object({ text: z.string(), match: z.boolean() })),
);
export type THighlight = z.infer<typeof ZHighlight>;

export const ZInstructionSectionRef = lazySchema(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
  }),
);

export const ZInstructionItem = lazySchema(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    section_id: z.number().int(),
    order: z.number().int(),
    is_published: z.boolean(),
    updated_at: z.string(),
  }),
);
export type TInstructionItem = z.infer<typeof ZInstructionItem>;

export const ZInstructionSection = lazySchema(() =>
  ZInstructionSectionRef.extend({
    order: z.number().int(),
    instructions: z.array(ZInstructionItem),
  }),
);
export type TInstructionSection = z.infer<typeof ZInstructionSection>;
export const ZInstructionSectionList = lazySchema(() => z.array(ZInstructionSection));

export const ZInstruction = lazySchema(() =>
  ZInstructionItem.extend({
    /** Markdown: headings, paragraphs, lists, links, images. */
    body: z.string(),
    section: ZInstructionSectionRef,
    related: z.array(z.object({ id: z.number().int(), slug: z.string(), title: z.string() })),
    related_slugs: z.array(z.string()),
  }),
);
export type TInstruction = z.infer<typeof ZInstruction>;

/** `{id}` of `GET /api/instructions/{id}`: a number or a slug. */
export const ZInstructionKeyParams = lazySchema(() =>
  z.object({
    id: z
      .string()
      .trim()
      .min(1, { error: 'Укажите статью' })
      .max(100, { error: 'Статья не найдена' }),
  }),
);

export const ZInstructionSearchQuery = lazySchema(() =>
  z.object({
    search: z
      .string({ error: 'Введите текст для поиска' })
      .trim()
      .min(1, { error: 'Введите текст для поиска' })
      .max(200, { error: 'Запрос не длиннее 200 символов' })
      .refine((value) => /[\p{L}\p{N}]/u.test(value), { error: 'Введите текст для поиска' }),
  }),
);

export const ZInstructionSearchResult = lazySchema(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    section: ZInstructionSectionRef,
    rank: z.number(),
    title_highlight: ZHighlight,
    snippet: ZHighlight,
  }),
);
export type TInstructionSearchResult = z.infer<typeof ZInstructionSearchResult>;
export const ZInstructionSearchAnswer = lazySchema(() =>
  z.object({
    search: z.string(),
    count: z.number().int(),
    results: z.array(ZInstructionSearchResult),
  }),
);
export type TInstructionSearchAnswer = z.infer<typeof ZInstructionSearchAnswer>;

export const ZInstructionSuggestion = lazySchema(() =>
  z.object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    title_highlight: ZHighlight,
  }),
);
export const ZInstructionSuggestionList = lazySchema(() => z.array(ZInstructionSuggestion).max(10));
export type TInstructionSuggestion = z.infer<typeof ZInstructionSuggestion>;

// ---- the editor ----

export const ZInstructionWrite = lazySchema(() =>
  z.object({
    title: z
      .string({ error: 'Укажите заголовок' })
      .trim()
      .min(1, { error: 'Укажите заголовок' })
      .max(200, { error: 'Заголовок не длиннее 200 символов' }),
    slug: ZInstructionSlug,
    section_id: ZBodyId,
    body: z
      .string({ error: 'Укажите текст статьи' })
      .max(2_000_000, { error: 'Статья слишком длинная' }),
    is_published: z.boolean({ error: 'Ожидается да или нет' }).default(false),
    related_slugs: z
      .array(ZInstructionSlug)
      .max(10, { error: 'Не больше 10 связанных статей' })
      .default([]),
  }),
);
export type TInstructionWrite = z.input<typeof ZInstructionWrite>;

export const ZInstructionSectionWrite = lazySchema(() =>
  z.object({
    title: z
      .string({ error: 'Укажите название раздела' })
      .trim()
      .min(1, { error: 'Укажите название раздела' })
      .max(200, { error: 'Название не длиннее 200 символов' }),
    slug: ZInstructionSlug,
  }),
);
export type TInstructionSectionWrite = z.input<typeof ZInstructionSectionWrite>;

/** The whole order at once: sections in order, each with its articles in order. */
export const ZInstructionOrder = lazySchema(() =>
  z.object({
    sections: z
      .array(z.object({ id: ZBodyId, instruction_ids: z.array(ZBodyId).max(5000) }))
      .max(500),
  }),
);
export type TInstructionOrder = z.input<typeof ZInstructionOrder>;

export const ZInstructionIdParams = lazySchema(() => ZIdParams);
