import { describe, expect, it } from 'vitest';
import type { TBoardColumn } from '@ats/contracts/pipeline';
import { testStage } from '../../shared/testing/stage-test-data';
import { applicationChoices } from './card-application-actions';

const stage = testStage;

const FRESH = stage(1, 'Новый', 0);
const CONTACT = stage(2, 'Первичный контакт', 1);
const INTERVIEW = stage(3, 'Интервью с HR', 2);
const REJECTED = stage(7, 'Отказ компании', 6, { is_reject: true, reject_kind: 'reject' });
const REFUSED = stage(8, 'Отказ кандидата', 7, { is_reject: true, reject_kind: 'refuse' });

const columns = (writable: Partial<Record<number, boolean>> = {}): TBoardColumn[] =>
  // Given out of order, as a stage list may come.
  [REFUSED, INTERVIEW, FRESH, REJECTED, CONTACT].map((status) => ({
    status,
    count: 0,
    can_write: writable[status.id] ?? true,
  }));

describe('what the card offers on a vacancy', () => {
  it('offers the next working stage first, and both rejections', () => {
    const choices = applicationChoices(columns(), FRESH.id)!;
    expect(choices.targets.map((s) => s.name)).toEqual(['Первичный контакт', 'Интервью с HR']);
    expect(choices.next?.name).toBe('Первичный контакт');
    expect(choices).toMatchObject({ canReject: true, canRefuse: true });
  });

  it('offers nothing without write rights on the current stage', () => {
    expect(applicationChoices(columns({ [FRESH.id]: false }), FRESH.id)).toBeNull();
    // A stage the caller cannot read is not among the columns at all.
    expect(applicationChoices(columns(), 99)).toBeNull();
  });

  it('leaves out the stages and rejections the caller may not write', () => {
    const choices = applicationChoices(
      columns({ [CONTACT.id]: false, [REFUSED.id]: false }),
      FRESH.id,
    )!;
    expect(choices.targets.map((s) => s.name)).toEqual(['Интервью с HR']);
    expect(choices.next?.name).toBe('Интервью с HR');
    expect(choices).toMatchObject({ canReject: true, canRefuse: false });
  });

  it('from a rejection: back to the first working stage, no second rejection', () => {
    const choices = applicationChoices(columns(), REJECTED.id)!;
    expect(choices.next?.name).toBe('Новый');
    expect(choices).toMatchObject({ canReject: false, canRefuse: false });
  });
});
