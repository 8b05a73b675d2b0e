import type { Database } from '@ats/db/connection';
import { applicationTransitions, applications } from '@ats/db/schema/pipeline';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './test-app.ts';

export type VacancyStage = {
  id: number;
  name: string;
  is_reject: boolean;
  reject_kind: string;
  vacancy_id: number;
};

/** A vacancy opened through the API with the account's default funnel, unless told otherwise. */
export async function openVacancy(
  app: FastifyInstance,
  token: string,
  body: Record<string, unknown> = {},
) {
  const response = await call(
    app,
    'POST',
    '/api/vacancies',
    { position: 'Менеджер по продажам', ...body },
    { token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message as {
    id: number;
    position: string;
    statuses: VacancyStage[];
    [key: string]: unknown;
  };
}

const DAY_MS = 86_400_000;

/**
 * Applicants on a vacancy as the pipeline would leave them, written straight into the account:
 * each path is the stages an application went through, the last one where it stands now, with
 * `daysPerStage` days spent in each stage before.
 */
export async function placeThroughStages(
  database: Database,
  accountId: number,
  vacancyId: number,
  placements: {
    applicantId: number;
    path: number[];
    daysPerStage?: number;
    reject?: { kind: 'reject' | 'refuse'; reasonId: number };
  }[],
) {
  await database.withTenant(accountId, async (tx) => {
    for (const p of placements) {
      const perStage = p.daysPerStage ?? 1;
      const start = Date.now() - perStage * p.path.length * DAY_MS;
      const at = (i: number) => new Date(start + i * perStage * DAY_MS);
      const last = p.path.length - 1;
      const [row] = await tx
        .insert(applications)
        .values({
          accountId,
          vacancyId,
          applicantId: p.applicantId,
          statusId: p.path[last]!,
          createdAt: at(0),
          enteredStatusAt: at(last),
          ...(p.reject && { rejectKind: p.reject.kind, rejectReasonId: p.reject.reasonId }),
        })
        .returning({ id: applications.id });
      await tx.insert(applicationTransitions).values(
        p.path.map((statusId, i) => ({
          accountId,
          applicationId: row!.id,
          vacancyId,
          applicantId: p.applicantId,
          fromStatusId: i === 0 ? null : p.path[i - 1]!,
          toStatusId: statusId,
          movedAt: at(i),
          secondsInFrom: i === 0 ? null : perStage * 86_400,
          kind:
            i === 0
              ? ('place' as const)
              : p.reject && i === last
                ? p.reject.kind
                : ('move' as const),
          ...(p.reject && i === last && { reasonId: p.reject.reasonId }),
        })),
      );
    }
  });
}
