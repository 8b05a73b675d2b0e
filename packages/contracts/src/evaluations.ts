import { z } from 'zod';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Candidate evaluation forms (scorecards) and the evaluations made with them
// (huntlee-api.md §6.10: `criterions` of `{criterion_id, comment, result}`).

export const CRITERION_TYPES = ['pick_one', 'pick_few', 'scale', 'text', 'add_file'] as const;
export const ZCriterionType = lazySchema(() =>
  z.enum(CRITERION_TYPES, {
    error: 'Тип критерия: pick_one, pick_few, scale, text или add_file',
  }),
);
export type TCriterionType = z.infer<typeof ZCriterionType>;

export const CRITERION_TYPE_LABELS: Record<TCriterionType, string> = {
  pick_one: 'Один вариант',
  pick_few: 'Несколько вариантов',
  scale: 'Шкала',
  text: 'Текст',
  add_file: 'Файл',
};

export const RECOMMENDATIONS = ['yes', 'maybe', 'no'] as const;
export const ZRecommendation = lazySchema(() =>
  z.enum(RECOMMENDATIONS, {
    error: 'Рекомендация: yes, maybe или no',
  }),
);
export type TRecommendation = z.infer<typeof ZRecommendation>;
export const RECOMMENDATION_LABELS: Record<TRecommendation, string> = {
  yes: 'Рекомендую',
  maybe: 'Сомневаюсь',
  no: 'Не рекомендую',
};

export const MAX_CRITERIA = 50;
export const MAX_OPTIONS = 20;
export const SCALE_LIMIT = 100;
export const MAX_TEXT_ANSWER = 5000;
export const MAX_COMMENT = 2000;
/** The largest file an `add_file` answer may carry. */
export const MAX_EVALUATION_FILE_BYTES = 10 * 1024 * 1024;

export const EVALUATION_MESSAGES = {
  formNotFound: 'Форма оценки не найдена',
  criterionNotFound: 'Критерий не найден в этой форме',
  evaluationNotFound: 'Оценка не найдена',
  applicantNotFound: 'Кандидат не найден',
  vacancyNotFound: 'Вакансия не найдена',
  required: 'Обязательный критерий',
  notAnOption: 'Выберите один из вариантов критерия',
  oneOption: 'Выберите один вариант',
  outOfScale: (min: number, max: number) => `Оценка по шкале — целое число от ${min} до ${max}`,
  textTooLong: `Не длиннее ${MAX_TEXT_ANSWER} символов`,
  fileNotDataUrl: 'Файл передаётся как data URL (data:…;base64,…)',
  fileWrongType: 'Файл должен быть PDF, DOCX, RTF или изображением',
  fileTooLarge: 'Файл больше 10 МБ',
  fileName: 'Укажите имя файла',
  wrongResultType: 'Тип ответа не совпадает с типом критерия',
  answeredTwice: 'Критерий указан дважды',
} as const;

const trimmedName = (what: string, max: number) =>
  z
    .string({ error: `Укажите ${what}` })
    .trim()
    .min(1, { error: `Укажите ${what}` })
    .max(max, { error: `Не длиннее ${max} символов` });

const ZOption = lazySchema(() => trimmedName('вариант ответа', 200));

/** A criterion as the builder sends it; `id` keeps an existing criterion (and its answers). */
export const ZCriterionInput = lazySchema(() =>
  z
    .object({
      id: ZId.optional(),
      name: trimmedName('название критерия', 300),
      criterion_type: ZCriterionType,
      options: z
        .array(ZOption)
        .max(MAX_OPTIONS, { error: `Не больше ${MAX_OPTIONS} вариантов` })
        .default([]),
      scale_min: z.number().int().min(0).max(SCALE_LIMIT).nullish(),
      scale_max: z.number().int().min(1).max(SCALE_LIMIT).nullish(),
      min_label: z.string().trim().max(100).nullish(),
      max_label: z.string().trim().max(100).nullish(),
      is_required: z.boolean().default(false),
    })
    .superRefine((c, ctx) => {
      const choice = c.criterion_type === 'pick_one' || c.criterion_type === 'pick_few';
      if (choice && c.options.length < 2) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Нужно хотя бы два варианта' });
      }
      if (choice && new Set(c.options.map((o) => o.toLowerCase())).size !== c.options.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], message: 'Варианты повторяются' });
      }
      if (c.criterion_type === 'scale' && (c.scale_min ?? 1) >= (c.scale_max ?? 5)) {
        ctx.addIssue({
          code: 'custom',
          path: ['scale_max'],
          message: 'Верх шкалы должен быть больше низа',
        });
      }
    }),
);
export type TCriterionInput = z.input<typeof ZCriterionInput>;

export const ZEvaluationFormRequest = lazySchema(() =>
  z.object({
    name: trimmedName('название формы', 200),
    description: z.string().trim().max(2000, { error: 'Не длиннее 2000 символов' }).nullish(),
    criterions: z
      .array(ZCriterionInput, { error: 'Добавьте критерии' })
      .min(1, { error: 'Добавьте хотя бы один критерий' })
      .max(MAX_CRITERIA, { error: `Не больше ${MAX_CRITERIA} критериев` }),
  }),
);
export type TEvaluationFormRequest = z.input<typeof ZEvaluationFormRequest>;
export const ZUpdateEvaluationFormRequest = lazySchema(() => ZEvaluationFormRequest.partial());

export const ZCriterion = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    criterion_type: ZCriterionType,
    order: z.number().int(),
    options: z.array(z.string()),
    scale_min: z.number().int().nullable(),
    scale_max: z.number().int().nullable(),
    min_label: z.string().nullable(),
    max_label: z.string().nullable(),
    is_required: z.boolean(),
  }),
);
export type TCriterion = z.infer<typeof ZCriterion>;

/** A stage the form is attached to (a funnel's or a vacancy's). */
export const ZFormStage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    status_group_id: z.number().int().nullable(),
    status_group_name: z.string().nullable(),
    vacancy_id: z.number().int().nullable(),
    vacancy_name: z.string().nullable(),
  }),
);

export const ZEvaluationForm = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    criterions: z.array(ZCriterion),
    evaluations_count: z.number().int(),
    statuses: z.array(ZFormStage),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TEvaluationForm = z.infer<typeof ZEvaluationForm>;
export const ZEvaluationFormList = lazySchema(() => z.array(ZEvaluationForm));

// ── Evaluations ───────────────────────────────────────────────────────────────────────────────

/** `result` of an answer, tagged by the criterion's type as the known clients send it. */
export const ZAnswerResult = lazySchema(() =>
  z.discriminatedUnion(
    'criterion_type',
    [
      z.object({ criterion_type: z.literal('pick_one'), result: z.string().trim().nullish() }),
      z.object({
        criterion_type: z.literal('pick_few'),
        result: z.array(z.string().trim()).max(MAX_OPTIONS).nullish(),
      }),
      z.object({
        criterion_type: z.literal('scale'),
        result: z.number({ error: 'Оценка по шкале — число' }).nullish(),
      }),
      z.object({ criterion_type: z.literal('text'), result: z.string().nullish() }),
      z.object({
        criterion_type: z.literal('add_file'),
        // A data URL of up to 10 MB is about 13.4 M characters of base64.
        file: z.string().max(14_500_000, { error: EVALUATION_MESSAGES.fileTooLarge }).nullish(),
        file_name: z.string().trim().max(200).nullish(),
        /** Keeps the file already attached (on edit) when no new one is sent. */
        keep: z.boolean().optional(),
      }),
    ],
    { error: 'Тип ответа: pick_one, pick_few, scale, text или add_file' },
  ),
);
export type TAnswerResult = z.infer<typeof ZAnswerResult>;

export const ZAnswerInput = lazySchema(() =>
  z.object({
    criterion_id: ZId,
    comment: z
      .string()
      .trim()
      .max(MAX_COMMENT, { error: `Комментарий не длиннее ${MAX_COMMENT} символов` })
      .nullish(),
    result: ZAnswerResult,
  }),
);
export type TAnswerInput = z.infer<typeof ZAnswerInput>;

export const ZCreateApplicantEvaluationRequest = lazySchema(() =>
  z.object({
    evaluation_id: ZId,
    applicant_id: ZId,
    vacancy_id: ZId.nullish(),
    recommendation: ZRecommendation.nullish(),
    criterions: z.array(ZAnswerInput).max(MAX_CRITERIA),
  }),
);
export type TCreateApplicantEvaluationRequest = z.infer<typeof ZCreateApplicantEvaluationRequest>;

export const ZUpdateApplicantEvaluationRequest = lazySchema(() =>
  z.object({
    recommendation: ZRecommendation.nullish(),
    criterions: z.array(ZAnswerInput).max(MAX_CRITERIA).optional(),
  }),
);
export type TUpdateApplicantEvaluationRequest = z.infer<typeof ZUpdateApplicantEvaluationRequest>;

export const ZApplicantEvaluationsQuery = lazySchema(() =>
  z.object({
    applicant_id: ZId,
    evaluation_id: ZId.optional(),
  }),
);

export const ZAnswer = lazySchema(() =>
  z.object({
    criterion_id: z.number().int(),
    criterion_name: z.string(),
    comment: z.string().nullable(),
    result: z.object({
      criterion_type: ZCriterionType,
      result: z.union([z.array(z.string()), z.number(), z.string()]).nullable(),
      file_name: z.string().nullable().optional(),
      file_url: z.string().nullable().optional(),
    }),
  }),
);
export type TAnswer = z.infer<typeof ZAnswer>;

export const ZApplicantEvaluation = lazySchema(() =>
  z.object({
    id: z.number().int(),
    evaluation_id: z.number().int(),
    evaluation_name: z.string(),
    applicant_id: z.number().int(),
    vacancy_id: z.number().int().nullable(),
    recommendation: ZRecommendation.nullable(),
    author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    criterions: z.array(ZAnswer),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export type TApplicantEvaluation = z.infer<typeof ZApplicantEvaluation>;

/** The summary of an applicant's (or a form's) evaluations, per criterion of the current form. */
export const ZCriterionSummary = lazySchema(() =>
  z.object({
    criterion_id: z.number().int(),
    name: z.string(),
    criterion_type: ZCriterionType,
    answers_count: z.number().int(),
    /** scale: the mean of the answers (null without answers) within scale_min…scale_max. */
    average: z.number().nullable(),
    scale_min: z.number().int().nullable(),
    scale_max: z.number().int().nullable(),
    /** pick_one / pick_few: how often each option was chosen. */
    option_counts: z.array(z.object({ option: z.string(), count: z.number().int() })),
  }),
);
export type TCriterionSummary = z.infer<typeof ZCriterionSummary>;

export const ZFormSummary = lazySchema(() =>
  z.object({
    evaluation_id: z.number().int(),
    name: z.string(),
    evaluations_count: z.number().int(),
    recommendations: z.object({
      yes: z.number().int(),
      maybe: z.number().int(),
      no: z.number().int(),
    }),
    criterions: z.array(ZCriterionSummary),
  }),
);
export type TFormSummary = z.infer<typeof ZFormSummary>;

export const ZApplicantEvaluationList = lazySchema(() =>
  z.object({
    applicant_evaluations: z.array(ZApplicantEvaluation),
    applicant_evaluation_count: z.number().int(),
    summary: z.array(ZFormSummary),
  }),
);
export type TApplicantEvaluationList = z.infer<typeof ZApplicantEvaluationList>;
