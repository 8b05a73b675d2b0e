import { z } from 'zod';

/** Ids are PostgreSQL integers: anything else names nothing and never reaches a query. */
export const MAX_ID = 2_147_483_647;

export const ZId = z.coerce
  .number({ error: 'Некорректный идентификатор' })
  .int({ error: 'Некорректный идентификатор' })
  .positive({ error: 'Некорректный идентификатор' })
  .max(MAX_ID, { error: 'Некорректный идентификатор' });

export const ZIdParams = z.object({ id: ZId });
