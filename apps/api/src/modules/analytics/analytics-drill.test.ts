import { describe, expect, it } from 'vitest';
import { DRILL_INVALID, decodeDrill, encodeDrill } from './analytics-drill.ts';
import { ANALYTICS_FOR_WATCHERS, analyticsRefusal } from './analytics.policy.ts';
import { loadWorkdays, startOfDayIn } from './analytics-scope.ts';

describe('drill', () => {
  it('decodes what it encodes, filters included, within 400 characters', () => {
    const drill = {
      kind: 'reason',
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
      d: 2_147_483_647,
      u: 2_147_483_647,
      v: 2_147_483_647,
      g: 2_147_483_647,
      st: 2_147_483_647,
      src: 0,
      r: 0,
      k: 'refuse',
      vs: 'closed',
    } as const;
    const text = encodeDrill(drill);
    expect(text.length).toBeLessThanOrEqual(400);
    expect(decodeDrill(text)).toEqual(drill);
    expect(encodeDrill({ kind: 'hired', dateFrom: '2025-01-01', dateTo: '2025-01-31', d: 3 })).toBe(
      'hired|2025-01-01|2025-01-31|d=3',
    );
  });

  it('refuses anything else in Russian', () => {
    for (const bad of [
      '',
      'hired',
      'hired|2025-01-01',
      'fired|2025-01-01|2025-01-31',
      'hired|2025-02-01|2025-01-31',
      'hired|2025-01-01|2025-01-31|d=-1',
      'hired|2025-01-01|2025-01-31|d=1.5',
      'hired|2025-01-01|2025-01-31|k=maybe',
      'hired|2025-01-01|2025-01-31|__proto__=1',
    ]) {
      expect(() => decodeDrill(bad), bad).toThrow(DRILL_INVALID);
    }
  });
});

describe('analytics policy', () => {
  it('refuses watchers, admin or not; owners (recruiters and admins) read', () => {
    expect(analyticsRefusal({ memberType: 'watcher' })).toBe(ANALYTICS_FOR_WATCHERS);
    expect(analyticsRefusal({ memberType: 'owner' })).toBeNull();
  });
});

describe('days in the account’s zone', () => {
  it('starts a day at local midnight', () => {
    expect(startOfDayIn('2025-01-01', 'Europe/Moscow').toISOString()).toBe(
      '2024-12-31T21:00:00.000Z',
    );
    expect(startOfDayIn('2025-07-01', 'Asia/Vladivostok').toISOString()).toBe(
      '2025-06-30T14:00:00.000Z',
    );
  });

  it('counts working days after the first day up to the last', async () => {
    const days = ['2025-01-09', '2025-01-10', '2025-01-13'];
    // loadWorkdays reads the calendar through a tenant; a stand-in answers the list above.
    const calendar = await loadWorkdays(
      {
        accountId: 1,
        userId: 1,
        read: async () => [],
        transaction: async () => {
          throw new Error('not used');
        },
      },
      '2025-01-01',
      '2025-01-13',
      async () => days,
    );
    expect(calendar.between('2025-01-08', '2025-01-09')).toBe(1);
    expect(calendar.between('2025-01-09', '2025-01-13')).toBe(2);
    expect(calendar.between('2025-01-13', '2025-01-09')).toBe(0);
  });
});
