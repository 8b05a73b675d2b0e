import type { TPermissionAction } from '@ats/contracts/users';
import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const CANNOT_CREATE_VACANCIES = 'Нет прав на создание вакансий';
export const CANNOT_MANAGE_VACANCY = 'Изменять вакансию могут её ответственные и администратор';
export const CANNOT_MANAGE_TEMPLATES = 'Нет прав на управление шаблонами вакансий';
export const WATCHER_NO_TEMPLATES = 'Шаблоны вакансий доступны только рекрутерам';

type Who = Pick<Session, 'memberType' | 'isAdmin'>;
type Permissions = Partial<Record<TPermissionAction, boolean>>;

/**
 * Admins and recruiters (owners) see every vacancy of the account; a watcher (the hiring
 * manager) sees only the vacancies they are a member of — the others do not exist for them.
 */
export const seesAllVacancies = (who: Who) => who.isAdmin || who.memberType === 'owner';

/** A recruiter opens vacancies when allowed can_manage_vacancy; an admin always. */
export function assertCanCreateVacancy(who: Who, permissions: Permissions) {
  if (who.isAdmin) return;
  if (who.memberType !== 'owner' || !permissions.can_manage_vacancy) {
    throw forbidden(CANNOT_CREATE_VACANCIES);
  }
}

/** Editing, closing and deleting: an admin, or a recruiter responsible for this vacancy. */
export function assertCanManageVacancy(who: Who, role: 'owner' | 'watcher' | null) {
  if (who.isAdmin) return;
  if (who.memberType !== 'owner' || role !== 'owner') throw forbidden(CANNOT_MANAGE_VACANCY);
}

/** Templates are recruiters' material: watchers neither read nor change them. */
export function assertCanReadTemplates(who: Who) {
  if (!seesAllVacancies(who)) throw forbidden(WATCHER_NO_TEMPLATES);
}

export function assertCanManageTemplates(who: Who, permissions: Permissions) {
  if (who.isAdmin) return;
  if (who.memberType !== 'owner' || !permissions.can_manage_vacancy) {
    throw forbidden(CANNOT_MANAGE_TEMPLATES);
  }
}
