import { describe, expect, it } from 'vitest';
import { formatApplicantCount, formatDateTime } from './applicant-format';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('makes the value when first asked for, once, and answers the same one after', () => {
    let made = 0;
    const value = onFirstUse(() => ({ n: (made += 1) }));
    expect(made).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });

  it('leaves the formatters built on first use saying what they said', () => {
    expect(formatApplicantCount(10_000)).toBe('10\u00a0000 кандидатов');
    expect(formatDateTime('2025-03-12T11:05:00Z')).toBe('12 марта 2025 г. в 14:05');
  });
});
