import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * What the web app learns from the server at run time, so that one build serves every install:
 * the Sentry-protocol DSN the browser reports its errors to (null: it reports nothing).
 */
export const ZClientConfig = lazySchema(() =>
  z.object({
    error_tracking_dsn: z.string().nullable(),
    environment: z.string(),
  }),
);
export type TClientConfig = z.infer<typeof ZClientConfig>;
