import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const PAGE_SIZE = 30;
export const MAX_PAGE_SIZE = 100;
/** No list pages further: the offset (page × page size) stays far inside PostgreSQL's integer. */
export const MAX_PAGE = 100_000;

const PAGE_MESSAGE = `Номер страницы — целое число от 1 до ${MAX_PAGE}`;

/** `page` of every paged list, from the query string. */
export const ZPageNumber = lazySchema(() =>
  z.coerce
    .number({ error: PAGE_MESSAGE })
    .int({ error: PAGE_MESSAGE })
    .min(1, { error: PAGE_MESSAGE })
    .max(MAX_PAGE, { error: PAGE_MESSAGE })
    .default(1),
);

/** `per_page` of a paged list, from the query string. */
export const perPage = (max: number = MAX_PAGE_SIZE, fallback: number = PAGE_SIZE) => {
  const message = `На странице от 1 до ${max} записей`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(max, { error: message })
    .default(fallback);
};

export const ZPageQuery = lazySchema(() => z.object({ page: ZPageNumber, per_page: perPage() }));
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** A next page exists while the page number is below ceil(total / page size). */
export const hasNextPage = (page: number, total: number, perPage: number = PAGE_SIZE) =>
  page < Math.ceil(total / perPage);
