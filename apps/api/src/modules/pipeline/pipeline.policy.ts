import type { Session } from '../../platform/auth.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';

export const VACANCY_NOT_FOUND = 'Вакансия не найдена';
export const STAGE_NOT_FOUND = 'Этап не найден';
export const CANNOT_MOVE = 'Нет прав на перевод кандидатов на этом этапе';
export const CANNOT_REMOVE = 'Убрать кандидата с вакансии могут только рекрутеры и администраторы';
export const VACANCY_CLOSED = 'Вакансия закрыта: кандидатов на ней не переводят';
export const VACANCY_ON_HOLD = 'Вакансия на паузе: кандидатов на ней не переводят';

export type Actor = Pick<Session, 'userId' | 'memberType' | 'isAdmin'>;

/** What the database says about the caller and one vacancy. */
export type VacancyAccess = {
  state: 'open' | 'hold' | 'closed';
  /** The caller is an owner or a watcher of this vacancy. */
  isMember: boolean;
};

/** The caller's row of `user_status_rights` on a stage, if any. */
export type StageRight = { isRead: boolean; isWrite: boolean } | null;

/**
 * Watchers (hiring managers) see only the vacancies they follow; recruiters (owners) and admins
 * see every vacancy of the account. A vacancy the caller may not see is not found.
 */
export function assertCanReadVacancy(actor: Actor, access: VacancyAccess | null) {
  if (!access || !canReadVacancy(actor, access.isMember)) throw notFound(VACANCY_NOT_FOUND);
  return access;
}

export const canReadVacancy = (actor: Actor, isMember: boolean) =>
  actor.isAdmin || actor.memberType === 'owner' || isMember;

/** A user without a row may read a stage; `is_read = false` hides it. */
export const canReadStage = (right: StageRight) => right === null || right.isRead;

/**
 * Recruiters move cards unless a stage's rights say `is_write = false` for them; watchers never
 * move unless a stage grants them `is_write`.
 */
export const canWriteStage = (actor: Actor, right: StageRight) =>
  right === null ? actor.memberType === 'owner' : right.isRead && right.isWrite;

export function assertCanWriteStages(actor: Actor, rights: StageRight[]) {
  if (!rights.every((right) => canWriteStage(actor, right))) throw forbidden(CANNOT_MOVE);
}

/** A closed or held vacancy keeps its applicants where they are. */
export function assertVacancyAcceptsMoves(state: VacancyAccess['state']) {
  if (state === 'closed') throw conflict(VACANCY_CLOSED);
  if (state === 'hold') throw conflict(VACANCY_ON_HOLD);
}

export function assertCanRemoveApplication(actor: Actor) {
  if (!(actor.isAdmin || actor.memberType === 'owner')) throw forbidden(CANNOT_REMOVE);
}
