import type { Session } from '../../platform/auth.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { divisionSubtreeIds } from '../divisions/divisions.service.ts';
import { decodeDrill } from './analytics-drill.ts';
import * as facts from './analytics-facts.repository.ts';
import { accountTimeZone, periodScope } from './analytics-scope.ts';
import { assertCanReadAnalytics } from './analytics.policy.ts';

/**
 * The applicants behind a count of analytics (`drill` of its answer): the applicant list shows
 * exactly them. The same fact SQL that counted them selects them, over the drill's days in the
 * account's time zone and the division's subtree as it is now. A Russian 400 for a drill we did
 * not write, 403 for watchers (analytics is closed to them), 404 for another account's division.
 */
export async function drillApplicantIds(
  tenant: Tenant,
  session: Pick<Session, 'memberType' | 'userId'>,
  text: string,
): Promise<number[]> {
  assertCanReadAnalytics(session);
  const drill = decodeDrill(text);
  const timeZone = await accountTimeZone(tenant);
  const divisionIds = drill.d ? await divisionSubtreeIds(tenant, drill.d) : null;
  const scope = periodScope(
    { accountId: tenant.accountId, userId: session.userId, timeZone },
    drill.dateFrom,
    drill.dateTo,
    divisionIds,
  );
  const filters: facts.FactFilters = {
    accountId: tenant.accountId,
    divisionIds,
    vacancyId: drill.v,
    statusGroupId: drill.g,
    vacancyState: drill.vs,
    actorId: drill.u,
    sourceId: drill.src,
    reasonId: drill.r,
    rejectKind: drill.k,
    stageId: drill.st,
  };
  return tenant.transaction((tx) =>
    facts.factApplicantIds(tx, drill.kind, filters, { from: scope.from, to: scope.to }),
  );
}
