import { describe, expect, it } from 'vitest';
import { isValidInnChecksum } from './inn.ts';

describe('ИНН check digits', () => {
  it('accepts real company (10 digits) and personal (12 digits) numbers', () => {
    // ПАО Сбербанк, ПАО «Газпром», ООО «Яндекс»; a personal number with both check digits.
    for (const inn of ['7707083893', '7736050003', '7736207543', '500100732259']) {
      expect(isValidInnChecksum(inn), inn).toBe(true);
    }
  });

  it('refuses a number with one digit changed, a wrong length or letters', () => {
    for (const inn of ['7707083894', '7707083883', '500100732258', '500100732249']) {
      expect(isValidInnChecksum(inn), inn).toBe(false);
    }
    for (const inn of ['', '770708389', '77070838931', '7707O83893', '1234567890123']) {
      expect(isValidInnChecksum(inn), inn).toBe(false);
    }
  });
});
