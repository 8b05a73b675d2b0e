import { describe, expect, it } from 'vitest';
import { openApplicantOf, withOpenApplicant } from './card-panel';

describe("the board's address for the side panel", () => {
  it('names the open applicant and keeps the other parameters', () => {
    expect(withOpenApplicant('', 12)).toBe('?applicant=12');
    expect(withOpenApplicant('?q=%D0%98%D0%B2&applicant=3', 12)).toBe(
      '?q=%D0%98%D0%B2&applicant=12',
    );
    expect(withOpenApplicant('?q=x&applicant=3', null)).toBe('?q=x');
    expect(withOpenApplicant('?applicant=3', null)).toBe('');
  });

  it('reads only a positive whole id', () => {
    expect(openApplicantOf(new URLSearchParams('applicant=12'))).toBe(12);
    for (const bad of [
      '',
      'applicant=',
      'applicant=0',
      'applicant=-4',
      'applicant=1.5',
      'applicant=x',
    ]) {
      expect(openApplicantOf(new URLSearchParams(bad))).toBeNull();
    }
  });
});
