import { z } from 'zod';
import { ZHomeEvent } from './events.ts';
import { ZIconAnswer } from './icons.ts';
import { ZVacancyState } from './vacancies.ts';
import { lazySchema } from './lazy-schema.ts';

// `GET /api/home`: the recruiter's start page — my open vacancies with their stages, applicants
// who stay longer than their stage allows, and the caller's events of today and tomorrow.

export const ZHomeStageCount = lazySchema(() =>
  z.object({
    status_id: z.number().int(),
    name: z.string(),
    color: z.string(),
    icon: ZIconAnswer,
    order: z.number().int(),
    is_reject: z.boolean(),
    count: z.number().int(),
  }),
);

export const ZHomeVacancy = lazySchema(() =>
  z.object({
    id: z.number().int(),
    position: z.string(),
    state: ZVacancyState,
    priority: z.number().int(),
    /** The caller's part in it. */
    role: z.enum(['owner', 'watcher']),
    account_division: z
      .object({ id: z.number().int(), name: z.string(), icon: ZIconAnswer })
      .nullable(),
    date_will_close: z.string().nullable(),
    count_applicants: z.number().int(),
    stages: z.array(ZHomeStageCount),
  }),
);

/** An application waiting at its stage longer than the stage's `stay_duration` days. */
export const ZHomeOverdueApplication = lazySchema(() =>
  z.object({
    application_id: z.number().int(),
    applicant_id: z.number().int(),
    applicant_name: z.string(),
    vacancy_id: z.number().int(),
    vacancy_position: z.string(),
    status_id: z.number().int(),
    status_name: z.string(),
    stay_duration: z.number().int(),
    days_in_status: z.number().int(),
    entered_status_at: z.string(),
  }),
);

export const HOME_OVERDUE_LIMIT = 50;

export const ZHome = lazySchema(() =>
  z.object({
    vacancies: z.array(ZHomeVacancy),
    /** Oldest first, at most HOME_OVERDUE_LIMIT. */
    overdue: z.array(ZHomeOverdueApplication),
    /** The caller's events (taking part or made) of today and tomorrow, earliest first. */
    events: z.array(ZHomeEvent),
  }),
);
export type THome = z.infer<typeof ZHome>;
