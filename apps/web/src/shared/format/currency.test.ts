import { describe, expect, it } from 'vitest';
import { currencySymbol } from './currency';

describe('currency symbols', () => {
  it('map known codes case-insensitively', () => {
    expect(currencySymbol('rub')).toBe('₽');
    expect(currencySymbol('RUR')).toBe('₽');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('Eur')).toBe('€');
  });
  it('show unknown codes as they are', () => {
    expect(currencySymbol('kzt')).toBe('KZT');
    expect(currencySymbol(null)).toBe('');
  });
});
