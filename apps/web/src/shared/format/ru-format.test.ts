import { describe, expect, it } from 'vitest';
import {
  dayMonthYearTime,
  formatWholeNumber,
  inMoscow,
  isoDay,
  localNumericDate,
  monthAndYear,
  numericDate,
  pluralCategory,
} from './ru-format';

// Each formatter is compared with what `Intl` prints for 'ru-RU' (the same ICU data as the browser's).
const whole = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
const plural = new Intl.PluralRules('ru-RU');

/** A spread of values: each power of ten, its neighbours, and a pseudo-random walk. */
function samples(): number[] {
  const values = [0, 1, 2, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 1001, 1011, 1021];
  for (let power = 1; power <= 1e15; power *= 10) values.push(power - 1, power, power + 1);
  let seed = 7;
  for (let i = 0; i < 2000; i += 1) {
    seed = (seed * 48271) % 2147483647;
    values.push(seed % 10 ** ((i % 9) + 1));
  }
  return [...values, ...values.map((value) => -value)];
}

describe('formatWholeNumber', () => {
  it('groups the thousands as Intl does, with no-break spaces', () => {
    expect(formatWholeNumber(150000)).toBe('150\u00a0000');
    expect(formatWholeNumber(1000)).toBe('1\u00a0000');
    expect(formatWholeNumber(999)).toBe('999');
    for (const value of samples()) expect(formatWholeNumber(value)).toBe(whole.format(value));
  });

  it('leaves fractions, -0 and numbers past 2^53 to Intl', () => {
    for (const value of [2.5, 1234.5, -0, 2 ** 53 + 2, 1e21]) {
      expect(formatWholeNumber(value)).toBe(whole.format(value));
    }
  });
});

describe('pluralCategory', () => {
  it('picks the category Intl picks for whole counts and fractions', () => {
    expect([1, 21, 2, 24, 5, 11, 12, 0, 111].map(pluralCategory)).toEqual([
      'one',
      'one',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'many',
    ]);
    for (const value of [...samples(), 1.5, 0.1, 2.25]) {
      expect(pluralCategory(value)).toBe(plural.select(value));
    }
  });
});

describe('dates in Moscow', () => {
  const moscowDateTime = new Intl.DateTimeFormat('ru-RU', {
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Moscow',
  });
  const moscowDate = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' });
  const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });
  const monthYear = new Intl.DateTimeFormat('ru-RU', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

  /** Instants from the offset's last change to 2040, every 97 hours and 13 minutes, and midnights. */
  function instants(): Date[] {
    const dates: Date[] = [];
    for (
      let t = Date.UTC(2014, 9, 25, 22);
      t < Date.UTC(2040, 0, 1);
      t += 97 * 3_600_000 + 13 * 60_000
    ) {
      dates.push(new Date(t));
    }
    for (let day = 0; day < 400; day += 1) {
      const midnight = Date.UTC(2025, 0, 1) + day * 86_400_000;
      dates.push(new Date(midnight - 3 * 3_600_000), new Date(midnight - 3 * 3_600_000 - 1));
    }
    return dates;
  }

  it('prints the day, the time and the calendar day as Intl does in Moscow', () => {
    expect(dayMonthYearTime(inMoscow(new Date('2025-03-12T11:05:00Z'))!)).toBe(
      '12 марта 2025 г. в 14:05',
    );
    for (const date of instants()) {
      const moscow = inMoscow(date)!;
      expect(dayMonthYearTime(moscow)).toBe(moscowDateTime.format(date));
      expect(numericDate(moscow)).toBe(moscowDate.format(date));
      expect(isoDay(moscow)).toBe(moscowDay.format(date));
    }
  });

  it("prints a day in the browser's zone as toLocaleDateString does", () => {
    for (const date of instants()) {
      expect(localNumericDate(date)).toBe(date.toLocaleDateString('ru-RU'));
    }
  });

  it('names the month and the year of a UTC date as Intl does', () => {
    for (let month = 0; month < 12 * 30; month += 1) {
      const date = new Date(Date.UTC(2000, month, 1));
      expect(monthAndYear(date)).toBe(monthYear.format(date));
    }
  });

  it('leaves the dates before Moscow kept UTC+3 all year to the time zone rules', () => {
    expect(inMoscow(new Date('2014-10-25T21:59:59Z'))).toBeNull();
    expect(inMoscow(new Date('2013-07-01T12:00:00Z'))).toBeNull();
    expect(inMoscow(new Date('2014-10-25T22:00:00Z'))).not.toBeNull();
  });
});
