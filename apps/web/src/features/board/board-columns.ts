import type { InfiniteData } from '@tanstack/react-query';
import type {
  TBoardCard,
  TBoardCardPage,
  TBoardColumn,
  TRejectKind,
} from '@ats/contracts/pipeline';
import { pluralize, type PluralForms } from '../../shared/format/plurals';

export const columnDropId = (statusId: number) => `column-${statusId}`;

export type CardPages = InfiniteData<TBoardCardPage>;

/** Working stages in their order, then the rejection stages, so rejections close the board. */
export function orderBoardColumns(columns: readonly TBoardColumn[]): TBoardColumn[] {
  return [...columns].sort(
    (a, b) =>
      Number(a.status.is_reject) - Number(b.status.is_reject) ||
      a.status.order - b.status.order ||
      a.status.id - b.status.id,
  );
}

/**
 * Whether the caller may drag a card from one stage to another (both need write rights). A drop
 * on a rejection stage is allowed too, but it only opens the reason dialog (see `rejectionOf`).
 */
export function canMoveBetween(from: TBoardColumn | undefined, to: TBoardColumn | undefined) {
  if (!from || !to || from.status.id === to.status.id) return false;
  return from.can_write && to.can_write && !from.status.is_reject;
}

/** A drop on a rejection stage asks for a reason of the stage's kind instead of moving at once. */
export function rejectionOf(to: TBoardColumn | undefined): TRejectKind | undefined {
  if (!to?.status.is_reject) return undefined;
  return to.status.reject_kind ?? 'reject';
}

/** The board shows drag handles only when the caller may move something somewhere. */
export function boardIsWritable(columns: readonly TBoardColumn[]) {
  return columns.filter((c) => c.can_write && !c.status.is_reject).length > 1;
}

/** The next column to the left or right (keyboard moves); rejection stages close the row. */
export function neighbourColumn(
  columns: readonly TBoardColumn[],
  currentId: number,
  step: 1 | -1,
): TBoardColumn | undefined {
  const index = columns.findIndex((c) => c.status.id === currentId);
  if (index < 0) return undefined;
  return columns[index + step];
}

export const loadedCards = (data: CardPages | undefined): TBoardCard[] =>
  data?.pages.flatMap((page) => page.applicants) ?? [];

export function nextCardPage(last: TBoardCardPage): number | undefined {
  return last.page * last.per_page < last.applicant_count ? last.page + 1 : undefined;
}

/** The page with its count moved by `delta` (and `total`, the count's deprecated twin). */
const recounted = <P extends TBoardCardPage>(page: P, delta: number): P => {
  const count = Math.max(0, page.applicant_count + delta);
  return { ...page, applicant_count: count, total: count };
};

/** The column's pages without one card, with the total one less. */
export function withoutCard(data: CardPages | undefined, applicationId: number) {
  if (!data) return data;
  let removed = false;
  const pages = data.pages.map((page) => {
    const applicants = page.applicants.filter((c) => c.application_id !== applicationId);
    if (applicants.length !== page.applicants.length) removed = true;
    return { ...page, applicants };
  });
  if (!removed) return data;
  return { ...data, pages: pages.map((p) => recounted(p, -1)) };
}

/** The column's pages with a card arrived just now at the top (newest arrivals come first). */
export function withCardOnTop(data: CardPages | undefined, card: TBoardCard) {
  if (!data || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return {
    ...data,
    pages: [
      recounted({ ...first!, applicants: [card, ...first!.applicants] }, 1),
      ...rest.map((p) => recounted(p, 1)),
    ],
  };
}

/** The card as it looks the moment it enters another stage. */
export function cardEnteringStage(card: TBoardCard, statusId: number, now = new Date()) {
  return {
    ...card,
    status_id: statusId,
    entered_status_at: now.toISOString(),
    days_in_status: 0,
    is_overdue: false,
  };
}

/** Column counts after a move: one less in the source, one more in the target. */
export function countsAfterMove(
  columns: readonly TBoardColumn[],
  fromId: number,
  toId: number,
): TBoardColumn[] {
  return columns.map((c) =>
    c.status.id === fromId
      ? { ...c, count: Math.max(0, c.count - 1) }
      : c.status.id === toId
        ? { ...c, count: c.count + 1 }
        : c,
  );
}

const DAY_FORMS: PluralForms = { one: 'день', few: 'дня', many: 'дней' };
const APPLICANT_FORMS: PluralForms = { one: 'кандидат', few: 'кандидата', many: 'кандидатов' };

export const formatDaysInStage = (days: number) =>
  days <= 0 ? 'сегодня на этапе' : `${pluralize(days, DAY_FORMS)} на этапе`;

export const formatColumnCount = (count: number) => pluralize(count, APPLICANT_FORMS);
