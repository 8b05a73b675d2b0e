import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(2000, {
    error: 'Слишком длинное значение',
  });

/** The feedback form of SPEC.md §5: every visible field is required. */
export const ZFeedbackRequest = lazySchema(() =>
  z.object({
    name: required('Укажите имя'),
    phone: required('Укажите телефон').pipe(
      z.string().regex(/^[+\d\s()-]{5,25}$/, { error: 'Некорректный телефон' }),
    ),
    email: z
      .string({ error: 'Укажите email' })
      .trim()
      .min(1, { error: 'Укажите email' })
      .pipe(z.email({ error: 'Некорректный email' })),
    comment: required('Напишите сообщение'),
    feedback_type: z.enum(['faq', 'landing', 'deactivated', 'tariff']).default('faq'),
    company: z.string().trim().max(255).optional(),
    extra_fields: z
      .array(z.object({ type: z.string().max(50), name: z.string().max(255), value: z.unknown() }))
      .max(20)
      .optional(),
  }),
);
export type TFeedbackRequest = z.input<typeof ZFeedbackRequest>;
