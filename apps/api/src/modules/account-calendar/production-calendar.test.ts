import { describe, expect, it } from 'vitest';
import { addDays, isNationalWorkingDay, nationalYear } from './production-calendar.ts';

const MON_FRI = new Set([1, 2, 3, 4, 5]);

/** Working days and the hours of a 40-hour week (a shortened day is 7 hours). */
function yearTotals(year: number) {
  let days = 0;
  let hours = 0;
  const calendar = nationalYear(year);
  for (let date = `${year}-01-01`; date.startsWith(String(year)); date = addDays(date, 1)) {
    if (!isNationalWorkingDay(date, MON_FRI)) continue;
    days += 1;
    hours += calendar.days.get(date)?.kind === 'short_day' ? 7 : 8;
  }
  return { days, hours };
}

const kindsOf = (year: number, dates: string[]) =>
  dates.map((date) => nationalYear(year).days.get(date)?.kind ?? 'ordinary');

describe('the production calendar of the Russian Federation', () => {
  // The totals the Ministry of Labour publishes for a five-day, 40-hour week.
  it('gives 2024 248 working days and 1979 hours (decree № 1314 of 10.08.2023)', () => {
    expect(yearTotals(2024)).toEqual({ days: 248, hours: 1979 });
  });

  it('gives 2025 247 working days and 1972 hours (decree № 1335 of 04.10.2024)', () => {
    expect(yearTotals(2025)).toEqual({ days: 247, hours: 1972 });
  });

  it('gives 2026 247 working days (decree № 1466 of 24.09.2025)', () => {
    expect(yearTotals(2026).days).toBe(247);
  });

  it('rests from 1 to 8 January, and in 2026 also on Friday 9 January moved from Saturday 3 January', () => {
    const january = nationalYear(2026).days;
    for (let day = 1; day <= 8; day += 1) {
      expect(january.get(`2026-01-0${day}`)).toMatchObject({ kind: 'holiday' });
    }
    expect(january.get('2026-01-01')!.name).toBe('Новогодние каникулы');
    expect(january.get('2026-01-07')!.name).toBe('Рождество Христово');
    expect(january.get('2026-01-09')).toMatchObject({ kind: 'day_off' });
    expect(january.get('2026-01-09')!.name).toContain('Новогодние каникулы');
    expect(january.get('2026-01-09')!.name).toContain('3 января');
    expect(isNationalWorkingDay('2026-01-12', MON_FRI)).toBe(true);
    expect(nationalYear(2026).decree).toBe('Постановление Правительства РФ от 24.09.2025 № 1466');
  });

  it('moves the May days as decreed: 2024 worked Saturday 27 April and rested 29–30 April and 10 May', () => {
    expect(
      kindsOf(2024, ['2024-04-27', '2024-04-29', '2024-04-30', '2024-05-01', '2024-05-10']),
    ).toEqual(['working_weekend', 'day_off', 'day_off', 'holiday', 'day_off']);
    expect(nationalYear(2024).days.get('2024-04-27')!.name).toBe(
      'Рабочий день: выходной перенесён на 29 апреля',
    );
    expect(nationalYear(2024).days.get('2024-05-10')!.name).toBe(
      'Выходной, перенесённый с 6 января',
    );
  });

  it('rests in 2025 on 2 and 8 May, 13 June, 3 November and 31 December, and works Saturday 1 November (shortened)', () => {
    expect(
      kindsOf(2025, [
        '2025-05-02',
        '2025-05-08',
        '2025-06-13',
        '2025-11-03',
        '2025-12-31',
        '2025-11-01',
        '2025-02-24',
        '2025-03-10',
      ]),
    ).toEqual([
      'day_off',
      'day_off',
      'day_off',
      'day_off',
      'day_off',
      'short_day',
      'ordinary',
      'ordinary',
    ]);
    expect(isNationalWorkingDay('2025-11-01', MON_FRI)).toBe(true);
  });

  it('moves a 2026 holiday on a weekend to the next Monday (art. 112): 9 March and 11 May', () => {
    expect(kindsOf(2026, ['2026-03-08', '2026-03-09', '2026-05-09', '2026-05-11'])).toEqual([
      'holiday',
      'day_off',
      'holiday',
      'day_off',
    ]);
  });

  it('shortens the eve of a holiday by an hour', () => {
    expect(kindsOf(2024, ['2024-02-22', '2024-03-07', '2024-05-08', '2024-06-11'])).toEqual([
      'short_day',
      'short_day',
      'short_day',
      'short_day',
    ]);
    expect(kindsOf(2026, ['2026-04-30', '2026-11-03'])).toEqual(['short_day', 'short_day']);
  });

  it('builds a year without a decree from the Labour Code alone, marked as having no decree', () => {
    const year = nationalYear(2027);
    expect(year.decree).toBeNull();
    // 1 May and 12 June 2027 are Saturdays, 9 May a Sunday: the days off move to Mondays.
    expect(kindsOf(2027, ['2027-05-01', '2027-05-03', '2027-05-10', '2027-06-14'])).toEqual([
      'holiday',
      'day_off',
      'day_off',
      'day_off',
    ]);
    // The January weekend days are placed by a decree that does not exist yet: not moved here.
    expect(kindsOf(2027, ['2027-01-02', '2027-01-03', '2027-01-11'])).toEqual([
      'holiday',
      'holiday',
      'ordinary',
    ]);
    expect(kindsOf(2027, ['2027-02-22', '2027-04-30', '2027-11-03', '2027-12-31'])).toEqual([
      'short_day',
      'short_day',
      'short_day',
      'short_day',
    ]);
  });

  it('counts a company working Monday to Saturday on ordinary Saturdays but never on holidays', () => {
    const monSat = new Set([1, 2, 3, 4, 5, 6]);
    expect(isNationalWorkingDay('2025-03-15', monSat)).toBe(true);
    expect(isNationalWorkingDay('2025-03-15', MON_FRI)).toBe(false);
    expect(isNationalWorkingDay('2025-03-08', monSat)).toBe(false);
    expect(isNationalWorkingDay('2026-01-03', monSat)).toBe(false);
  });
});
