import { z } from 'zod';
import { ZId } from './ids.ts';
import { ZJobSite } from './job-sites.ts';
import { lazySchema } from './lazy-schema.ts';

// Publishing our vacancies on job sites (issue 16, decision 0053). One shape for every site: the
// publication form below is hh.ru's first (area, professional role, dictionaries by id); Avito and
// Habr map the same form to theirs. Field names here are the ones the site's validation errors
// are put on, so a refusal shows on the form's own field.

export const PUBLICATION_STATES = [
  'draft',
  'moderation',
  'published',
  'archived',
  'refused',
] as const;
export const ZPublicationState = lazySchema(() =>
  z.enum(PUBLICATION_STATES, {
    error: 'Состояние: draft, moderation, published, archived или refused',
  }),
);
export type TPublicationState = z.infer<typeof ZPublicationState>;

export const PUBLICATION_STATE_NAMES: Record<TPublicationState, string> = {
  draft: 'Черновик',
  moderation: 'На модерации',
  published: 'Опубликована',
  archived: 'В архиве',
  refused: 'Отклонена',
};

export const PUBLICATION_MESSAGES = {
  notFound: 'Публикация не найдена',
  sampleNotFound: 'Шаблон публикации не найден',
  invalid: 'Сайт не принял вакансию: исправьте отмеченные поля',
  noPublications: 'На сайте закончились оплаченные публикации этого типа: пополните услуги',
  archived: 'Публикация в архиве: её нельзя изменить или продлить',
  notPublished: 'Продлить можно только опубликованную вакансию',
  refused: 'Сайт отказал в публикации',
  wrongSite: 'Подключение относится к другому сайту',
  salaryRange: 'Зарплата «от» не может быть больше зарплаты «до»',
} as const;

const idText = (label: string) =>
  z
    .string({ error: `${label}: выберите значение` })
    .trim()
    .min(1, `${label}: выберите значение`)
    .max(50, `${label}: слишком длинный идентификатор`);
const optionalId = (label: string) => idText(label).nullish();
const money = (label: string) =>
  z
    .number({ error: `${label}: введите число` })
    .int(`${label}: целое число`)
    .min(0, `${label}: не меньше нуля`)
    .max(100_000_000, `${label}: слишком большое число`)
    .nullish();

/** The publication form: what is sent to the site (mapped per site). */
export const ZPublicationFields = lazySchema(() =>
  z
    .object({
      name: z
        .string({ error: 'Введите название вакансии' })
        .trim()
        .min(1, 'Введите название вакансии')
        .max(100, 'Название — не длиннее 100 символов'),
      area_id: idText('Регион'),
      professional_role_id: idText('Профессиональная роль'),
      experience_id: optionalId('Опыт работы'),
      employment_id: optionalId('Занятость'),
      schedule_id: optionalId('График'),
      salary_from: money('Зарплата от'),
      salary_to: money('Зарплата до'),
      currency: z.string().trim().min(1).max(10).default('RUR'),
      /** True: the salary is before tax (gross); false: in hand (net). */
      salary_gross: z.boolean().default(true),
      address_id: optionalId('Адрес'),
      manager_id: optionalId('Менеджер'),
      billing_type_id: idText('Тип публикации'),
      vacancy_type_id: idText('Видимость').default('open'),
      description: z
        .string({ error: 'Введите описание' })
        .min(1, 'Введите описание')
        .max(20_000, 'Описание — не длиннее 20 000 символов'),
    })
    .superRefine((value, ctx) => {
      if (
        value.salary_from != null &&
        value.salary_to != null &&
        value.salary_from > value.salary_to
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['salary_from'],
          message: PUBLICATION_MESSAGES.salaryRange,
        });
      }
    }),
);
export type TPublicationFields = z.infer<typeof ZPublicationFields>;
export type TPublicationFieldsInput = z.input<typeof ZPublicationFields>;

export const ZCreatePublicationRequest = lazySchema(() =>
  z.object({
    connection_id: ZId,
    fields: ZPublicationFields,
  }),
);
export const ZUpdatePublicationRequest = lazySchema(() => z.object({ fields: ZPublicationFields }));

export const ZPublication = lazySchema(() =>
  z.object({
    id: z.number().int(),
    site: ZJobSite,
    connection_id: z.number().int(),
    vacancy_id: z.number().int(),
    vacancy_name: z.string().nullable(),
    external_id: z.string().nullable(),
    url: z.string().nullable(),
    state: ZPublicationState,
    state_name: z.string(),
    refusal_reason: z.string().nullable(),
    fields: z.record(z.string(), z.unknown()),
    published_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    checked_at: z.string().nullable(),
    created_at: z.string(),
    /** Our vacancy closed before the site could archive it: it is archived as soon as it can be. */
    archive_requested: z.boolean().optional(),
  }),
);
export type TPublication = z.infer<typeof ZPublication>;

/** GET /api/vacancy_sites/published_vacancies (SPEC.md): both filters optional. */
export const ZPublishedVacanciesQuery = lazySchema(() =>
  z.object({
    site_name: ZJobSite.optional(),
    state: ZPublicationState.optional(),
  }),
);

export const ZPublicationSampleRequest = lazySchema(() =>
  z.object({
    site: ZJobSite,
    name: z
      .string({ error: 'Введите название шаблона' })
      .trim()
      .min(1, 'Введите название шаблона')
      .max(200, 'Название шаблона — не длиннее 200 символов'),
    fields: ZPublicationFields,
  }),
);
export const ZPublicationSample = lazySchema(() =>
  z.object({
    id: z.number().int(),
    site: ZJobSite,
    name: z.string(),
    fields: z.record(z.string(), z.unknown()),
    created_at: z.string(),
  }),
);
export type TPublicationSample = z.infer<typeof ZPublicationSample>;
export const ZPublicationSamplesQuery = lazySchema(() => z.object({ site: ZJobSite.optional() }));
