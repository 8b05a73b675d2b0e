import { describe, expect, it } from 'vitest';
import { normalizeLink } from './rich-text-link-form';

describe('the address typed for a link', () => {
  it('gets https:// when it has no scheme, mailto: when it is an e-mail', () => {
    expect(normalizeLink('hh.ru/vacancy/1')).toBe('https://hh.ru/vacancy/1');
    expect(normalizeLink('hr@example.ru')).toBe('mailto:hr@example.ru');
    expect(normalizeLink(' http://example.ru ')).toBe('http://example.ru');
  });

  it('refuses other schemes and means "remove" when empty', () => {
    expect(normalizeLink('javascript:alert(1)')).toBeNull();
    expect(normalizeLink('ftp://example.ru')).toBeNull();
    expect(normalizeLink('  ')).toBe('');
  });
});
