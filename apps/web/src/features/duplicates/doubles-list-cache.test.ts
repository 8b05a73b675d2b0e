import { describe, expect, it } from 'vitest';
import type { TDoubleApplicant, TDoubleGroup, TDoublesPage } from '@ats/contracts/duplicates';
import { scanPercent } from './doubles-scan-panel';
import { withoutPair } from './duplicates.queries';
import { fakeDoubleApplicant } from '../../shared/testing/fake-applicants';

const person = (id: number): TDoubleApplicant =>
  fakeDoubleApplicant(id, { first_name: `Имя${id}`, last_name: 'Фамилия' });

const pair = (a: number, b: number) => ({
  applicant_id: a,
  double_id: b,
  level: 'certain' as const,
  score: 0.97,
  reasons: ['совпадает телефон'],
});

const group = (id: number, pairs: Array<[number, number]>): TDoubleGroup => ({
  id,
  level: 'certain',
  score: 0.97,
  applicants: [...new Set(pairs.flat())].map(person),
  pairs: pairs.map(([a, b]) => pair(a, b)),
});

const page = (groups: TDoubleGroup[]): TDoublesPage => ({
  groups,
  group_count: groups.length,
  counts: { certain: groups.length, probable: 0 },
  page: 1,
  per_page: 30,
});

describe('«Не дубль» in the cached list', () => {
  it('takes the pair out whichever way round it is named, and an emptied group with it', () => {
    const data = {
      pages: [
        page([
          group(1, [[1, 2]]),
          group(2, [
            [3, 4],
            [4, 5],
          ]),
        ]),
      ],
      pageParams: [1],
    };
    const after = withoutPair(data, 2, 1);
    expect(after.pages[0]!.groups.map((g) => g.id)).toEqual([2]);
    expect(after.pages[0]!.group_count).toBe(1);

    const partly = withoutPair(after, 4, 5);
    expect(partly.pages[0]!.groups[0]!.pairs).toEqual([pair(3, 4)]);
    expect(partly.pages[0]!.group_count).toBe(1);
  });
});

describe('the scan progress', () => {
  it('counts processed of total and is full once done', () => {
    expect(scanPercent({ state: 'queued', processed: 0, total: 0 })).toBe(0);
    expect(scanPercent({ state: 'running', processed: 250, total: 1000 })).toBe(25);
    expect(scanPercent({ state: 'running', processed: 999, total: 1000 })).toBe(99);
    expect(scanPercent({ state: 'done', processed: 0, total: 0 })).toBe(100);
  });
});
