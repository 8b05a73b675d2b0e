import { describe, expect, it } from 'vitest';
import { compareUrl, parseCompareParams } from './compare-url';

const parse = (query: string) => parseCompareParams(new URLSearchParams(query));

describe('the compare link', () => {
  it('round-trips two applicants', () => {
    expect(parse(compareUrl(12, 40).split('?')[1]!)).toEqual({ ok: true, first: 12, second: 40 });
  });

  it('explains a missing, broken or repeated id in Russian', () => {
    for (const query of [
      '',
      'first=12',
      'first=abc&second=3',
      'first=-1&second=3',
      'first=0&second=2',
    ]) {
      const result = parse(query);
      expect(result.ok, query).toBe(false);
      if (!result.ok) expect(result.message).toMatch(/два кандидата/);
    }
    expect(parse('first=7&second=7')).toEqual({
      ok: false,
      message: 'Выбран один и тот же кандидат: сравнивать не с кем.',
    });
  });
});
