import { z } from 'zod';
import { ZIdParams } from './ids.ts';

export const ZChangelog = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  published_at: z.string(),
  release_date: z.string(),
  is_published: z.boolean(),
});
export type TChangelog = z.infer<typeof ZChangelog>;
export const ZChangelogList = z.array(ZChangelog);
export const ZChangelogIdParams = ZIdParams;
