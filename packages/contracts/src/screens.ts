import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * `GET /api/screens/…` (decision 0052): what a screen's first paint needs, in one request. Each
 * part is the answer the app's own GET endpoint gives (its HTTP status and its envelope, exactly
 * that endpoint's shape), keyed by that endpoint's path with its query sorted; the web app hands
 * each to the query that asks for that path, under its own key.
 */
export const ZScreenPart = lazySchema(() =>
  z.object({ status: z.number().int(), body: z.unknown() }),
);
export const ZScreenAnswers = lazySchema(() => z.record(z.string(), ZScreenPart));
export type TScreenAnswers = z.infer<typeof ZScreenAnswers>;
