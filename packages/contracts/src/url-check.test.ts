import { describe, expect, it } from 'vitest';
import { isBlankOrValidUrl, isValidUrl } from './url-check';

describe('URL check', () => {
  it.each([
    'example.com',
    'http://example.com',
    'https://hh.ru/vacancy/123?from=main#top',
    'sub.domain.co.uk/path',
    'localhost',
    'http://localhost:3000/api',
    '192.168.0.1',
    'https://10.0.0.1:8080/x',
    '::1',
    'http://[2001:db8::1]:443/path',
    'https://пример.рф',
  ])('accepts %s', (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'example',
    'ftp://example.com',
    'http://',
    'exa mple.com',
    '256.1.1.1',
    'example.com:99999',
    'http://[zz::1]',
  ])('rejects %j', (url) => {
    expect(isValidUrl(url)).toBe(false);
  });

  it('lets an optional link field stay empty but not hold a non-link', () => {
    expect(isBlankOrValidUrl('')).toBe(true);
    expect(isBlankOrValidUrl('  ')).toBe(true);
    expect(isBlankOrValidUrl(null)).toBe(true);
    expect(isBlankOrValidUrl(undefined)).toBe(true);
    expect(isBlankOrValidUrl('hh.ru/resume/1')).toBe(true);
    expect(isBlankOrValidUrl('нет')).toBe(false);
  });
});
