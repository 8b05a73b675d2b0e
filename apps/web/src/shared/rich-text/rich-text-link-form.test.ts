import { describe, expect, it } from 'vitest';
import { LINK_INVALID } from '@ats/contracts/url-check';
import { linkProblem, normalizeLink } from './rich-text-link-form';

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

  it('refuses a web address that fails the URL check (SPEC.md §5) and says why in Russian', () => {
    expect(normalizeLink('моя ссылка')).toBeNull();
    expect(normalizeLink('http://example')).toBeNull();
    expect(normalizeLink('https://exa mple.ru')).toBeNull();
    expect(normalizeLink('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(linkProblem('моя ссылка')).toBe(LINK_INVALID);
    expect(linkProblem('ftp://example.ru')).toBe(
      'Ссылка должна начинаться с http://, https:// или mailto:',
    );
  });
});
