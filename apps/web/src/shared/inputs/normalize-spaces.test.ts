import { describe, expect, it } from 'vitest';
import { normalizeSpaces } from './normalize-spaces';

describe('text input spaces', () => {
  it('collapse repeated spaces and trim leading ones', () => {
    expect(normalizeSpaces('  a   b ')).toBe('a b ');
  });
  it('leave normal text alone', () => {
    expect(normalizeSpaces('Иван Петров')).toBe('Иван Петров');
    expect(normalizeSpaces('')).toBe('');
  });
});
