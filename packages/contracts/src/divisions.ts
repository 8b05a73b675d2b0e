import { z } from 'zod';
import { ZIconAnswer, ZIconField } from './icons.ts';
import { ZId } from './ids.ts';
import { ZColor } from './pipeline.ts';
import { ZAdditionalField, ZAdditionalFieldsList } from './vacancies.ts';
import { lazySchema } from './lazy-schema.ts';

// Divisions of the company (`/api/account_divisions`, huntlee-api.md §6.11): a tree of
// tree items (SPEC.md §3: id, name, children, parent_id) that groups vacancies.

export type TDivision = {
  id: number;
  name: string;
  parent_id: number | null;
  description: string | null;
  color: string | null;
  icon?: string | null | undefined;
  order: number;
  /** The division's head (a user of the account): the `division_head` approver of requests. */
  head_id?: number | null | undefined;
  additional_fields_list: z.infer<typeof ZAdditionalField>[];
  children: TDivision[];
};
export const ZDivision: z.ZodType<TDivision> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      parent_id: z.number().int().nullable(),
      description: z.string().nullable(),
      color: z.string().nullable(),
      icon: ZIconAnswer,
      order: z.number().int(),
      head_id: z.number().int().nullish(),
      additional_fields_list: z.array(ZAdditionalField),
      children: z.array(ZDivision),
    }),
  ),
);
/** The whole tree: the roots, each with its children, siblings by `order`. */
export const ZDivisionTree = lazySchema(() => z.array(ZDivision));

const ZDivisionFields = lazySchema(() =>
  z.object({
    name: z
      .string({ error: 'Укажите название подразделения' })
      .trim()
      .min(1, { error: 'Укажите название подразделения' })
      .max(255, { error: 'Не длиннее 255 символов' }),
    parent_id: ZId.nullish(),
    description: z.string().trim().max(5000, { error: 'Не длиннее 5000 символов' }).nullish(),
    color: ZColor.nullish(),
    icon: ZIconField,
    order: z.number().int().min(0).max(100_000).optional(),
    /** A user of the account who heads the division (approves requests as `division_head`). */
    head_id: ZId.nullish(),
    additional_fields_list: ZAdditionalFieldsList.optional(),
  }),
);

export const ZCreateDivisionRequest = lazySchema(() => ZDivisionFields);
export type TCreateDivisionRequest = z.infer<typeof ZCreateDivisionRequest>;
/** PUT and PATCH take any subset; `parent_id: null` moves the division to the top. */
export const ZUpdateDivisionRequest = lazySchema(() => ZDivisionFields.partial());
export type TUpdateDivisionRequest = z.infer<typeof ZUpdateDivisionRequest>;
