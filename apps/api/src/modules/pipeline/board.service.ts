import type { TBoardFilters } from '@ats/contracts/applicant-list';
import type { TBoardCard, TBoardColumn } from '@ats/contracts/pipeline';
import type { Session } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { Tenant } from '../../platform/tenancy.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import { applicantBoardCondition } from '../applicants/applicant-list.service.ts';
import { toStage } from '../statuses/statuses.service.ts';
import * as repo from './board.repository.ts';
import {
  STAGE_NOT_FOUND,
  assertCanReadVacancy,
  canReadStage,
  canWriteStage,
} from './pipeline.policy.ts';

const iso = isoTimestamp;

export const toCard = (row: repo.CardRow): TBoardCard => ({
  application_id: row.application_id,
  applicant_id: row.applicant_id,
  status_id: row.status_id,
  first_name: row.first_name,
  last_name: row.last_name,
  middle_name: row.middle_name,
  photo: row.photo_file_id ? `/api/files/${row.photo_file_id}` : null,
  position: row.position,
  tags: row.tags,
  entered_status_at: iso(row.entered_status_at),
  days_in_status: row.days_in_status,
  is_overdue: row.is_overdue,
  reject_reason_id: row.reject_reason_id,
  reject_reason_name: row.reject_reason_name,
  reject_comment: row.reject_comment,
});

/** The board's filters as SQL, or null when none is set (the board's usual, cheapest case). */
function boardFilter(tenant: Tenant, filters: Partial<TBoardFilters>): repo.BoardFilter | null {
  const applicant = applicantBoardCondition(tenant, {
    search: filters.search,
    tags: filters.tags,
    account_source_id: filters.account_source_id,
  });
  const { added_by: addedBy, added_from: addedFrom, added_to: addedTo } = filters;
  if (!applicant && addedBy === undefined && addedFrom === undefined && addedTo === undefined) {
    return null;
  }
  return { applicant, addedBy, addedFrom, addedTo };
}

/**
 * The board's columns as the caller sees them: hidden stages are left out; with filters, each
 * column counts the applicants they let through.
 */
export async function listBoardColumns(
  tenant: Tenant,
  session: Session,
  vacancyId: number,
  filters: Partial<TBoardFilters> = {},
): Promise<TBoardColumn[]> {
  const filter = boardFilter(tenant, filters);
  const query = repo.boardColumnsQuery(tenant.accountId, vacancyId, tenant.userId, filter);
  const rows = await tenant.read<repo.BoardColumnRow>(
    query,
    repo.boardStatementName('board_columns', query, filter),
  );
  const [first] = rows;
  assertCanReadVacancy(session, first ? { state: first.state, isMember: first.is_member } : null);
  return rows
    .filter((row) => row.stage !== null && canReadStage(row.my_right))
    .map((row) => ({
      status: toStage({
        ...row.stage!,
        createdAt: new Date(row.stage!.createdAt),
        updatedAt: new Date(row.stage!.updatedAt),
      }),
      count: row.count,
      can_write: canWriteStage(session, row.my_right),
    }));
}

/**
 * One page of one column as the answer's JSON text (`ZBoardCardPage`, decision 0110): the cards
 * as the statement wrote them, framed by the counts; a stage of another vacancy, or hidden from
 * the caller, is not found.
 */
export async function listBoardCards(
  tenant: Tenant,
  session: Session,
  query: {
    vacancy_id: number;
    status_id: number;
    page: number;
    per_page: number;
  } & Partial<TBoardFilters>,
): Promise<string> {
  const filter = boardFilter(tenant, query);
  const statement = repo.boardPageQuery(tenant.accountId, {
    vacancyId: query.vacancy_id,
    statusId: query.status_id,
    userId: tenant.userId,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    filter,
  });
  const [row] = await tenant.read<repo.BoardPageRow>(
    statement,
    repo.boardStatementName('board_cards', statement, filter),
  );
  if (row) assertCanReadVacancy(session, { state: row.state, isMember: row.is_member });
  if (!row || !canReadStage(row.my_right)) throw notFound(STAGE_NOT_FOUND);
  // Integers only around the statement's text: the keys in the contract's order.
  return `{"applicants":${row.cards},"applicant_count":${row.total},"total":${row.total},"page":${query.page},"per_page":${query.per_page}}`;
}
