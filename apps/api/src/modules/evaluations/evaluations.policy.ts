import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const ONLY_ADMINS_BUILD_FORMS = 'Формы оценки настраивает только администратор';
export const WATCHER_NOT_ON_VACANCY =
  'Заказчик оценивает только кандидатов на вакансиях, где он наблюдатель';
export const ONLY_AUTHOR_OR_ADMIN = 'Изменять чужую оценку может только администратор';
export const SUMMARY_FOR_RECRUITERS = 'Сводка по форме доступна только рекрутерам';

/**
 * read-forms: the list and a form (everyone fills forms); manage-forms: build them;
 * form-summary: a form's results over all applicants; evaluate: read and add evaluations of an
 * applicant; change-evaluation: edit or delete an existing one.
 */
export type EvaluationAction =
  'read-forms' | 'manage-forms' | 'form-summary' | 'evaluate' | 'change-evaluation';

export type EvaluationActor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

export type EvaluationContext = {
  /** evaluate: the caller follows a vacancy the applicant stands on (watchers need it). */
  watchesApplicant?: boolean;
  /** change-evaluation: who wrote it. */
  authorId?: number | null;
};

/**
 * SPEC.md §6: the forms page (settings-candidate-evaluation-forms) is for admins who are
 * recruiters; a watcher-admin is blocked from all settings. Evaluating is like commenting: no
 * permission flag is needed; recruiters evaluate any applicant, hiring managers (watchers) only
 * those on the vacancies they follow. An evaluation is changed by its author; an admin may
 * correct or remove anyone's. Returns the Russian refusal, or null when the action is allowed.
 */
export function evaluationRefusal(
  actor: EvaluationActor,
  action: EvaluationAction,
  context: EvaluationContext = {},
): string | null {
  const recruiter = actor.memberType === 'owner';
  switch (action) {
    case 'read-forms':
      return null;
    case 'manage-forms':
      return recruiter && actor.isAdmin ? null : ONLY_ADMINS_BUILD_FORMS;
    case 'form-summary':
      return recruiter ? null : SUMMARY_FOR_RECRUITERS;
    case 'evaluate':
      return recruiter || context.watchesApplicant ? null : WATCHER_NOT_ON_VACANCY;
    case 'change-evaluation':
      return context.authorId === actor.userId || actor.isAdmin ? null : ONLY_AUTHOR_OR_ADMIN;
  }
}

export function assertEvaluationAction(
  actor: EvaluationActor,
  action: EvaluationAction,
  context?: EvaluationContext,
) {
  const refusal = evaluationRefusal(actor, action, context);
  if (refusal) throw forbidden(refusal);
}
