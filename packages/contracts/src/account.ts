import { z } from 'zod';

/** Text of GET /api/account (and of 419) when the account is deactivated. */
export const ACCOUNT_DEACTIVATED_PATTERN = /не активен|деактив/i;

export const ZAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  inn: z.string().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  tariff_name: z.string(),
  tariff_start_at: z.string(),
  tariff_end_at: z.string(),
  tariff_is_active: z.boolean(),
  tariff_users: z.number().int(),
  users_count: z.number().int(),
});
export type TAccount = z.infer<typeof ZAccount>;
