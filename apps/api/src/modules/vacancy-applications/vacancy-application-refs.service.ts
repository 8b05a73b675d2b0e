import type { Db } from '@ats/db/connection';
import { badRequest } from '../../platform/errors.ts';
import * as repo from './vacancy-applications.repository.ts';

// What other modules ask of hiring requests inside their own transactions. Kept apart from the
// request services, which call the vacancies service (take into work): the vacancies and
// divisions services import only this file, so no import cycle forms.

export const REQUEST_LINK_NOT_FOUND = 'Заявка на подбор не найдена';

/** A vacancy's `vacancy_application_id` must name a live request of the account. */
export async function assertVacancyApplicationExists(
  tx: Db,
  accountId: number,
  id: number | null | undefined,
) {
  if (id == null) return;
  if (!(await repo.requestExists(tx, accountId, id))) {
    throw badRequest(REQUEST_LINK_NOT_FOUND, { vacancy_application_id: REQUEST_LINK_NOT_FOUND });
  }
}

/** Requests of removed divisions stay, without a division (the divisions service calls it). */
export async function clearRequestsDivision(tx: Db, accountId: number, divisionIds: number[]) {
  if (divisionIds.length > 0) await repo.clearDivision(tx, accountId, divisionIds);
}
