import { describe, expect, it } from 'vitest';
import { formatMonths, formatYears } from './plurals';

describe('Russian plurals', () => {
  it('for years', () => {
    expect(formatYears(1)).toBe('1 год');
    expect(formatYears(2)).toBe('2 года');
    expect(formatYears(5)).toBe('5 лет');
    expect(formatYears(11)).toBe('11 лет');
    expect(formatYears(21)).toBe('21 год');
  });
  it('for months', () => {
    expect(formatMonths(1)).toBe('1 месяц');
    expect(formatMonths(3)).toBe('3 месяца');
    expect(formatMonths(11)).toBe('11 месяцев');
  });
});
