import { describe, expect, it } from 'vitest';
import {
  boardIsWritable,
  canMoveBetween,
  countsAfterMove,
  formatColumnCount,
  formatDaysInStage,
  neighbourColumn,
  nextCardPage,
  orderBoardColumns,
  rejectionOf,
  withCardOnTop,
  withoutCard,
  type CardPages,
} from './board-columns';
import { card, column, FUNNEL } from './board-test-data';
import { statusesOfEvent } from './use-board-events';

const { rejected, refused, fresh, contact, interview } = FUNNEL;
const columns = orderBoardColumns([
  column(rejected, 1),
  column(refused, 0),
  column(interview, 0),
  column(fresh, 3),
  column(contact, 2),
]);

const pages = (statusId: number, ids: number[], total = ids.length): CardPages => ({
  pages: [
    {
      applicants: ids.map((id) => card(id, statusId)),
      applicant_count: total,
      total,
      page: 1,
      per_page: 30,
    },
  ],
  pageParams: [1],
});

describe('the board columns', () => {
  it('puts working stages in their order and the rejection stages last', () => {
    expect(columns.map((c) => c.status.name)).toEqual([
      'Новый',
      'Первичный контакт',
      'Интервью с HR',
      'Отказ компании',
      'Отказ кандидата',
    ]);
  });

  it('lets a card move only between two writable working stages', () => {
    const readOnlyInterview = column(interview, 0, false);
    expect(canMoveBetween(column(fresh, 1), column(contact, 0))).toBe(true);
    expect(canMoveBetween(column(fresh, 1), readOnlyInterview)).toBe(false);
    expect(canMoveBetween(readOnlyInterview, column(fresh, 1))).toBe(false);
    expect(canMoveBetween(column(fresh, 1), column(fresh, 1))).toBe(false);
  });

  it('takes a drop on a rejection stage, but only to ask for the reason of its kind', () => {
    expect(canMoveBetween(column(fresh, 1), column(rejected, 0))).toBe(true);
    expect(canMoveBetween(column(fresh, 1), column(rejected, 0, false))).toBe(false);
    expect(canMoveBetween(column(rejected, 1), column(fresh, 0))).toBe(false);
    expect(rejectionOf(column(rejected, 0))).toBe('reject');
    expect(rejectionOf(column(refused, 0))).toBe('refuse');
    expect(rejectionOf(column(contact, 0))).toBeUndefined();
  });

  it('shows drag handles only when at least two working stages are writable', () => {
    expect(boardIsWritable(columns)).toBe(true);
    expect(
      boardIsWritable([column(fresh, 1), column(contact, 0, false), column(rejected, 0)]),
    ).toBe(false);
  });

  it('finds the neighbour stage for the arrow keys, the rejection stages last', () => {
    expect(neighbourColumn(columns, fresh.id, 1)?.status.name).toBe('Первичный контакт');
    expect(neighbourColumn(columns, contact.id, -1)?.status.name).toBe('Новый');
    expect(neighbourColumn(columns, interview.id, 1)?.status.name).toBe('Отказ компании');
    expect(neighbourColumn(columns, refused.id, 1)).toBeUndefined();
    expect(neighbourColumn(columns, fresh.id, -1)).toBeUndefined();
  });

  it('moves one from a column count to another', () => {
    const after = countsAfterMove(columns, fresh.id, contact.id);
    expect(after.map((c) => c.count)).toEqual([2, 3, 0, 1, 0]);
  });

  it('takes a card out of a column and puts one on top of another, totals following', () => {
    const source = withoutCard(pages(fresh.id, [1, 2, 3], 40), 2)!;
    expect(source.pages[0]!.applicants.map((c) => c.application_id)).toEqual([1, 3]);
    expect(source.pages[0]).toMatchObject({ applicant_count: 39, total: 39 });
    expect(withoutCard(source, 99)).toBe(source);

    const target = withCardOnTop(pages(contact.id, [5]), card(2, contact.id))!;
    expect(target.pages[0]!.applicants.map((c) => c.application_id)).toEqual([2, 5]);
    expect(target.pages[0]).toMatchObject({ applicant_count: 2, total: 2 });
    // A column not loaded yet stays unloaded: it fetches itself when shown.
    expect(withCardOnTop(undefined, card(2, contact.id))).toBeUndefined();
  });

  it('asks for the next page while cards remain', () => {
    const page = (count: number) => ({
      applicants: [],
      applicant_count: count,
      total: count,
      page: 2,
      per_page: 30,
    });
    expect(nextCardPage(page(61))).toBe(3);
    expect(nextCardPage(page(60))).toBeUndefined();
  });

  it('speaks Russian about days and counts', () => {
    expect(formatDaysInStage(0)).toBe('сегодня на этапе');
    expect(formatDaysInStage(1)).toBe('1 день на этапе');
    expect(formatDaysInStage(3)).toBe('3 дня на этапе');
    expect(formatDaysInStage(11)).toBe('11 дней на этапе');
    expect(formatColumnCount(21)).toBe('21 кандидат');
  });
});

describe('the live events of the board', () => {
  it('names the stages a change touched, or none when it cannot tell', () => {
    expect(
      statusesOfEvent(
        '{"vacancy_id":7,"application_id":3,"op":"update","from_status_id":1,"to_status_id":2}',
      ),
    ).toEqual([1, 2]);
    expect(statusesOfEvent('{"op":"delete","from_status_id":4,"to_status_id":null}')).toEqual([4]);
    expect(statusesOfEvent('{"op":"insert"}')).toBeUndefined();
    expect(statusesOfEvent('not json')).toBeUndefined();
  });
});
