import { z } from 'zod';
import { MESSAGES } from './envelope.ts';
import { ZInt32 } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

export const ZErrorReportRequest = lazySchema(() =>
  z.object({
    message: z
      .string({ error: MESSAGES.errorReportEmpty })
      .trim()
      .min(1, { error: MESSAGES.errorReportEmpty })
      .max(5000, { error: 'Слишком длинное сообщение' }),
    code: ZInt32.optional(),
    path: z.string().max(2000).optional(),
  }),
);
export type TErrorReportRequest = z.infer<typeof ZErrorReportRequest>;
