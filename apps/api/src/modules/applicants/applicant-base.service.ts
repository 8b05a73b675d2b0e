import type { Session } from '../../platform/auth.ts';
import { forbidden } from '../../platform/errors.ts';

export const WATCHER_NO_APPLICANTS = 'Заказчику недоступна база кандидатов';

/**
 * SPEC §6 and huntlee-api §4.4: watchers (the hiring client's people) see their vacancies, never
 * the applicant base — its list, cards, comments, files, exports, imports and filters. The one
 * rule every module asks (a service file, so files and others may import it).
 */
export const seesApplicantBase = (caller: Pick<Session, 'memberType'>) =>
  caller.memberType !== 'watcher';

/** Reading needs no permission flags, only a role: answered from the session alone. */
export function assertCanReadApplicants(caller: Pick<Session, 'memberType'>) {
  if (!seesApplicantBase(caller)) throw forbidden(WATCHER_NO_APPLICANTS);
}
