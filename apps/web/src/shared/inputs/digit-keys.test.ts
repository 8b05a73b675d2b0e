import { describe, expect, it } from 'vitest';
import { isBlockedDigitKey, keepDigits } from './digit-keys';

describe('digit-only fields', () => {
  it('let digits through', () => {
    for (const key of '0123456789') expect(isBlockedDigitKey({ key })).toBe(false);
  });
  it('block letters, spaces and signs', () => {
    for (const key of ['a', 'Я', ' ', '-', '+', '.', 'e']) {
      expect(isBlockedDigitKey({ key })).toBe(true);
    }
  });
  it('keep editing keys and shortcuts working', () => {
    expect(isBlockedDigitKey({ key: 'Backspace' })).toBe(false);
    expect(isBlockedDigitKey({ key: 'ArrowLeft' })).toBe(false);
    expect(isBlockedDigitKey({ key: 'Tab' })).toBe(false);
    expect(isBlockedDigitKey({ key: 'v', ctrlKey: true })).toBe(false);
  });
  it('strip non-digits from pasted text', () => {
    expect(keepDigits('77-01 23a')).toBe('770123');
    expect(keepDigits('1234567890123', 12)).toBe('123456789012');
  });
});
