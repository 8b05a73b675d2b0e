import type { TBoardCard, TBoardColumn, TStage } from '@ats/contracts/pipeline';
import { testStage } from '../../shared/testing/stage-test-data';

// Builders for the board's unit tests: a stage, a column and a card with plausible defaults.

export const stage = (id: number, name: string, extra: Partial<TStage> = {}): TStage =>
  testStage(id, name, id, extra);

export const column = (status: TStage, count: number, can_write = true): TBoardColumn => ({
  status,
  count,
  can_write,
});

export function card(applicationId: number, statusId: number, extra: Partial<TBoardCard> = {}) {
  const built: TBoardCard = {
    application_id: applicationId,
    applicant_id: 100 + applicationId,
    status_id: statusId,
    first_name: 'Мария',
    last_name: `Иванова-${applicationId}`,
    middle_name: null,
    photo: null,
    position: 'Бухгалтер',
    tags: [],
    entered_status_at: '2026-11-10T09:00:00Z',
    days_in_status: 2,
    is_overdue: false,
    reject_reason_id: null,
    reject_reason_name: null,
    reject_comment: null,
    ...extra,
  };
  return built;
}

/** The default funnel of a vacancy, rejection stages given first to prove they are put last. */
export const FUNNEL = {
  rejected: stage(7, 'Отказ компании', { is_reject: true, reject_kind: 'reject', order: 6 }),
  refused: stage(8, 'Отказ кандидата', { is_reject: true, reject_kind: 'refuse', order: 7 }),
  fresh: stage(1, 'Новый', { order: 0, stay_duration: 3 }),
  contact: stage(2, 'Первичный контакт', { order: 1 }),
  interview: stage(3, 'Интервью с HR', { order: 2 }),
};
