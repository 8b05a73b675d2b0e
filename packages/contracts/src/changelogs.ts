import { z } from 'zod';
import { ZIdParams } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

export const ZChangelog = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    summary: z.string(),
    published_at: z.string(),
    release_date: z.string(),
    is_published: z.boolean(),
  }),
);
export type TChangelog = z.infer<typeof ZChangelog>;
export const ZChangelogList = lazySchema(() => z.array(ZChangelog));
export const ZChangelogIdParams = lazySchema(() => ZIdParams);
