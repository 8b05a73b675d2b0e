import { describe, expect, it } from 'vitest';
import { findFaqArticle, searchFaq } from './faq-articles';

describe('FAQ search', () => {
  it('finds articles by every word, ignoring case and ё', () => {
    expect(searchFaq('ПАРОЛЬ').map((a) => a.slug)).toContain('vosstanovlenie-parolya');
    expect(searchFaq('hh.ru подключить').map((a) => a.slug)).toEqual(['integraciya-hh']);
  });
  it('returns nothing for an empty query or no match', () => {
    expect(searchFaq('   ')).toEqual([]);
    expect(searchFaq('квантовый')).toEqual([]);
  });
  it('finds an article by slug', () => {
    expect(findFaqArticle('roli-polzovateley')?.question).toBe(
      'Чем отличаются роли пользователей?',
    );
    expect(findFaqArticle('nope')).toBeUndefined();
  });
});
