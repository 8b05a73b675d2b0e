import { describe, expect, it } from 'vitest';
import type { TCalendarDay } from '@ats/contracts/account-calendar';
import { dayState, longDate, monthWeeks, parseRussianDate, toggledDay } from './calendar-grid';

const MON_FRI = [1, 2, 3, 4, 5];

describe('the month grid', () => {
  it('starts January 2026 on a Thursday and ends it on Saturday the 31st', () => {
    const weeks = monthWeeks(2026, 0);
    expect(weeks[0]).toEqual([
      null,
      null,
      null,
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
    expect(weeks).toHaveLength(5);
    expect(weeks.at(-1)).toEqual([
      '2026-01-26',
      '2026-01-27',
      '2026-01-28',
      '2026-01-29',
      '2026-01-30',
      '2026-01-31',
      null,
    ]);
  });

  it('gives February of a leap year 29 days', () => {
    expect(monthWeeks(2024, 1).flat().filter(Boolean)).toHaveLength(29);
  });
});

describe('a day of the company', () => {
  const listed = new Map<string, TCalendarDay>([
    [
      '2026-01-09',
      {
        date: '2026-01-09',
        type: 'day_off',
        is_working: false,
        name: 'Новогодние каникулы',
        is_override: false,
      },
    ],
    [
      '2026-01-12',
      {
        date: '2026-01-12',
        type: 'day_off',
        is_working: false,
        name: 'Корпоратив',
        is_override: true,
      },
    ],
  ]);

  it('is what the calendar lists, or an ordinary day of the working week', () => {
    expect(dayState('2026-01-09', listed, MON_FRI)).toMatchObject({
      type: 'day_off',
      isWorking: false,
    });
    expect(dayState('2026-01-13', listed, MON_FRI)).toMatchObject({
      type: 'workday',
      isWorking: true,
    });
    expect(dayState('2026-01-17', listed, MON_FRI)).toMatchObject({
      type: 'weekend',
      isWorking: false,
    });
    expect(dayState('2026-01-17', listed, [1, 2, 3, 4, 5, 6])).toMatchObject({ isWorking: true });
  });

  it('flips on a click, and a company’s own day goes back to the calendar', () => {
    expect(toggledDay('2026-01-13', dayState('2026-01-13', listed, MON_FRI))).toEqual({
      date: '2026-01-13',
      is_working: false,
    });
    expect(toggledDay('2026-01-09', dayState('2026-01-09', listed, MON_FRI))).toEqual({
      date: '2026-01-09',
      is_working: true,
    });
    expect(toggledDay('2026-01-12', dayState('2026-01-12', listed, MON_FRI))).toEqual({
      date: '2026-01-12',
      is_working: null,
    });
  });
});

describe('dates as people write them', () => {
  it('reads DD.MM.YYYY and refuses days that do not exist', () => {
    expect(parseRussianDate('30.12.2025')).toBe('2025-12-30');
    expect(parseRussianDate('31.02.2025')).toBeNull();
    expect(parseRussianDate('30.12.25')).toBeNull();
  });

  it('names a date in Russian with its weekday', () => {
    expect(longDate('2026-01-12')).toBe('12 января 2026, понедельник');
  });
});
