import { describe, expect, it } from 'vitest';
import { base64SizeKb } from './base64-size';

describe('base64 size', () => {
  it('is length*3/4/1024 KB', () => {
    expect(base64SizeKb('a'.repeat(4096))).toBe(3);
    expect(base64SizeKb('')).toBe(0);
    expect(base64SizeKb('abcd')).toBeCloseTo(3 / 1024);
  });
});
