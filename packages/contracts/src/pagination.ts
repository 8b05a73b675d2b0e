import { z } from 'zod';

export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A next page exists while the page number is below ceil(total / page size). */
export const hasNextPage = (page: number, total: number, perPage: number = PAGE_SIZE) =>
  page < Math.ceil(total / perPage);
