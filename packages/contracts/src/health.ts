import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

export const ZHealth = lazySchema(() => z.object({ db: z.literal('ok'), queue: z.literal('ok') }));
