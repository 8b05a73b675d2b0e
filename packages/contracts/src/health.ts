import { z } from 'zod';

export const ZHealth = z.object({ db: z.literal('ok'), queue: z.literal('ok') });
