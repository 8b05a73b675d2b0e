import { describe, expect, it } from 'vitest';
import { bucketCuts, piecesOf } from './analytics-facts.repository.ts';
import { addDaysIso } from './analytics-scope.ts';

// A period read from the activity rollup is cut into whole months, whole weeks and days
// (migration 0094): the pieces must cover its days exactly once, in order, each week a Monday to
// a Sunday and each month a whole calendar month, or a count would add days twice or miss some.

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

function daysOf(from: string, to: string) {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDaysIso(d, 1)) days.push(d);
  return days;
}

describe('piecesOf', () => {
  it('covers every day of a period once with whole weeks and months', () => {
    const periods: [string, string][] = [
      ['2025-11-29', '2026-11-28'],
      ['2025-01-01', '2025-12-31'],
      ['2026-10-30', '2026-11-28'],
      ['2026-11-28', '2026-11-28'],
      ['2024-02-01', '2024-02-29'],
      ['2026-06-29', '2026-08-02'],
    ];
    for (let i = 0; i < 200; i++) {
      const from = addDaysIso('2024-01-01', (i * 37) % 900);
      periods.push([from, addDaysIso(from, (i * 53) % 400)]);
    }
    for (const [from, to] of periods) {
      const pieces = piecesOf(from, to);
      expect(
        pieces.flatMap((p) => daysOf(p.from, p.to)),
        `${from}…${to}`,
      ).toEqual(daysOf(from, to));
      for (const p of pieces) {
        if (p.span === 'week') {
          expect(weekday(p.from), `${from}…${to}`).toBe(1);
          expect(p.to).toBe(addDaysIso(p.from, 6));
        }
        if (p.span === 'month') {
          expect(p.from.slice(8)).toBe('01');
          expect(addDaysIso(p.to, 1).slice(8)).toBe('01');
          expect(p.to.slice(0, 7)).toBe(p.from.slice(0, 7));
        }
      }
    }
  });

  it('reads a year as months, a few weeks and the days at its edges', () => {
    const pieces = piecesOf('2025-11-29', '2026-11-28');
    expect(pieces.filter((p) => p.span === 'month').length).toBe(11);
    expect(pieces.length).toBeLessThanOrEqual(20);
    expect(piecesOf('2026-10-30', '2026-11-28').filter((p) => p.span === 'week').length).toBe(3);
  });
});

describe('bucketCuts', () => {
  it('names each bucket by its first day and cuts the first and last to the period', () => {
    expect(bucketCuts('2026-11-04', '2026-11-18', 'week')).toEqual([
      { key: '2026-11-02', from: '2026-11-04', to: '2026-11-08' },
      { key: '2026-11-09', from: '2026-11-09', to: '2026-11-15' },
      { key: '2026-11-16', from: '2026-11-16', to: '2026-11-18' },
    ]);
    expect(bucketCuts('2025-12-15', '2026-02-10', 'month')).toEqual([
      { key: '2025-12-01', from: '2025-12-15', to: '2025-12-31' },
      { key: '2026-01-01', from: '2026-01-01', to: '2026-01-31' },
      { key: '2026-02-01', from: '2026-02-01', to: '2026-02-10' },
    ]);
    expect(bucketCuts('2026-11-27', '2026-11-28', 'day')).toEqual([
      { key: '2026-11-27', from: '2026-11-27', to: '2026-11-27' },
      { key: '2026-11-28', from: '2026-11-28', to: '2026-11-28' },
    ]);
  });
});
