import { describe, expect, it } from 'vitest';
import { formatDateMask } from './date-mask';
import { formatTimeMask } from './time-mask';

describe('date mask DD.MM.YYYY', () => {
  it('formats eight digits as a full date', () => {
    expect(formatDateMask('12032024')).toBe('12.03.2024');
  });
  it('formats a partial date without a trailing dot', () => {
    expect(formatDateMask('1203')).toBe('12.03');
    expect(formatDateMask('1')).toBe('1');
  });
  it('keeps at most eight digits and drops other characters', () => {
    expect(formatDateMask('12.03.2024999')).toBe('12.03.2024');
    expect(formatDateMask('12a03b')).toBe('12.03');
    expect(formatDateMask('')).toBe('');
  });
});

describe('time mask HH:MM', () => {
  it('formats four digits as time', () => {
    expect(formatTimeMask('0930')).toBe('09:30');
  });
  it('keeps at most four digits', () => {
    expect(formatTimeMask('093045')).toBe('09:30');
    expect(formatTimeMask('09')).toBe('09');
    expect(formatTimeMask('9:3')).toBe('93');
  });
});
