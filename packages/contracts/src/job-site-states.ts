import { z } from 'zod';
import { ZId } from './ids.ts';
import { lazySchema } from './lazy-schema.ts';

// Job sites' states out (decision 0054): what entering a stage means on hh.ru, per stage of a
// funnel (or of a vacancy), and the state changes sent for an applicant's applications.

export const JOB_SITE_STAGE_STATES = ['none', 'invitation', 'discard'] as const;
export const ZJobSiteStageState = lazySchema(() =>
  z.enum(JOB_SITE_STAGE_STATES, {
    error: 'Статус на hh.ru: none, invitation или discard',
  }),
);
export type TJobSiteStageState = z.infer<typeof ZJobSiteStageState>;

export const JOB_SITE_STAGE_STATE_NAMES: Record<TJobSiteStageState, string> = {
  none: 'Не менять',
  invitation: 'Приглашение',
  discard: 'Отказ',
};

/**
 * One stage's mapping: `is_default` when nothing was chosen and the rule applies; `from_funnel`
 * when a vacancy's own stage has no choice of its own and follows its funnel stage's.
 */
export const ZStageSiteState = lazySchema(() =>
  z.object({
    status_id: z.number().int(),
    name: z.string(),
    state: ZJobSiteStageState,
    message: z.string(),
    is_default: z.boolean(),
    from_funnel: z.boolean().optional(),
  }),
);
export type TStageSiteState = z.infer<typeof ZStageSiteState>;

export const ZStageSiteStatesQuery = lazySchema(() =>
  z
    .object({
      status_group_id: ZId.optional(),
      vacancy_id: ZId.optional(),
    })
    .refine((q) => (q.status_group_id === undefined) !== (q.vacancy_id === undefined), {
      error: 'Укажите воронку (status_group_id) или вакансию (vacancy_id)',
    }),
);

export const ZSaveStageSiteState = lazySchema(() =>
  z.object({
    state: ZJobSiteStageState,
    message: z.string().trim().max(2000, { error: 'Сообщение не длиннее 2000 символов' }).nullish(),
  }),
);
export type TSaveStageSiteState = z.infer<typeof ZSaveStageSiteState>;

/** A state change sent (or being sent) to a site, as the applicant's card shows it. */
export const ZJobSiteStateChange = lazySchema(() =>
  z.object({
    id: z.number().int(),
    application_id: z.number().int(),
    site: z.string(),
    state: ZJobSiteStageState,
    status: z.enum(['queued', 'sent', 'failed']),
    /** «Отказ отправлен на hh.ru», «Приглашение отправляется…» or the error in Russian. */
    text: z.string(),
    error: z.string().nullable(),
    updated_at: z.string(),
  }),
);
export type TJobSiteStateChange = z.infer<typeof ZJobSiteStateChange>;
