import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

// Every integer a client sends fits the column it is stored in or compared with: PostgreSQL's
// integer (int4) unless the contract says narrower. Anything wider is a 400 here, never an
// «integer out of range» from the database (a test over the OpenAPI document holds every
// request schema to it).

/** Ids are PostgreSQL integers: anything else names nothing and never reaches a query. */
export const MAX_ID = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = MAX_ID;

const ID_MESSAGE = 'Некорректный идентификатор';

export const ZId = lazySchema(() =>
  z.coerce
    .number({ error: ID_MESSAGE })
    .int({ error: ID_MESSAGE })
    .positive({ error: ID_MESSAGE })
    .max(MAX_ID, { error: ID_MESSAGE }),
);

export const ZIdParams = lazySchema(() => z.object({ id: ZId }));

/** An id in a JSON body (a number, not coerced from text). */
export const ZBodyId = lazySchema(() =>
  z
    .number({ error: ID_MESSAGE })
    .int({ error: ID_MESSAGE })
    .positive({ error: ID_MESSAGE })
    .max(MAX_ID, { error: ID_MESSAGE }),
);

/** An integer of a JSON body between min and max (within int4), with one Russian message. */
export const intBetween = (min: number, max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(Math.max(min, INT32_MIN), { error: message })
    .max(Math.min(max, INT32_MAX), { error: message });

/** Any int4 value (a code, a count a client reports). */
export const ZInt32 = lazySchema(() =>
  intBetween(INT32_MIN, INT32_MAX, `Целое число от ${INT32_MIN} до ${INT32_MAX}`),
);

/** The largest amount (money, a number-typed custom field) a client may send: exact in float8 and numeric. */
export const MAX_AMOUNT = 1_000_000_000_000;
export const ZAmount = lazySchema(() =>
  z
    .number({ error: 'Ожидается число' })
    .min(-MAX_AMOUNT, { error: `Число по модулю не больше ${MAX_AMOUNT}` })
    .max(MAX_AMOUNT, { error: `Число по модулю не больше ${MAX_AMOUNT}` }),
);
