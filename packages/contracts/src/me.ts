import { z } from 'zod';
import { ZPersonName } from './auth.ts';
import { ZChangelog } from './changelogs.ts';
import { ZAdminUserSetting, ZMemberType } from './users.ts';
import { lazySchema } from './lazy-schema.ts';

export const ZTreeItem: z.ZodType<TTreeItem> = lazySchema(() =>
  z.lazy(() =>
    z.object({
      id: z.number().int(),
      name: z.string(),
      parent_id: z.number().int().nullable(),
      children: z.array(ZTreeItem),
    }),
  ),
);
export type TTreeItem = {
  id: number;
  name: string;
  parent_id: number | null;
  children: TTreeItem[];
};

export const ZAccountSetting = lazySchema(() =>
  z.object({
    company_name: z.string(),
    inn: z.string().nullable(),
    time_zone: z.string(),
    currency: z.string(),
  }),
);

export const ZUserStatusRight = lazySchema(() =>
  z.object({
    status_id: z.number().int(),
    is_read: z.boolean(),
    is_write: z.boolean(),
  }),
);

/** GET /api/me: every field of SPEC.md §3 "Current user". */
export const ZMe = lazySchema(() =>
  z
    .object({
      id: z.number().int(),
      email: z.string(),
      first_name: z.string().nullable(),
      is_admin: z.boolean(),
      member_type: ZMemberType,
      account_id: z.number().int(),
      admin_user_setting: ZAdminUserSetting,
      account_divisions: z.array(ZTreeItem),
      account_setting: ZAccountSetting,
      admin_user_statuses: z.array(ZUserStatusRight),
      is_auto: z.boolean(),
      is_firework: z.boolean(),
      is_onboarding: z.boolean(),
      is_plugin: z.boolean(),
      nick: z.string().nullable(),
      time_zone: z.string(),
      token: z.string(),
      latest_changelog: ZChangelog.nullable(),
      tariff_name: z.string(),
      applicants_count: z.number().int(),
      balance: z.number(),
      tariff_start_at: z.string(),
      tariff_end_at: z.string(),
      tariff_is_active: z.boolean(),
      tariff_users: z.number().int(),
      /**
       * False until the company's owner opens the link mailed at sign-up; till then résumé parsing
       * and imports keep to a daily trial quota. Absent from older servers.
       */
      email_confirmed: z.boolean().optional(),
      /**
       * The version of each reference list the browser keeps across visits (decision 0057):
       * `languages`, `language_levels`, `driver_licenses`, `countries`, `jobs`, `default_fields`
       * (shared by every account) and `sources`, `users`, `tags`, `reasons` (the account's own). A
       * list is asked for again only when its version moved. Absent from older servers.
       */
      list_versions: z.record(z.string(), z.string()).optional(),
    })
    .extend(ZPersonName.shape),
);
export type TMe = z.infer<typeof ZMe>;

/** The lists of `list_versions` that belong to an account (the others are shared). */
export const ACCOUNT_LISTS = ['sources', 'users', 'tags', 'reasons'] as const;
