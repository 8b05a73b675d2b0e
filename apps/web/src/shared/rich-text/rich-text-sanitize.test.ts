// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText } from './rich-text-sanitize';

describe('cleaning rich text before it becomes DOM', () => {
  it("keeps the editor's own tags and drops script, handlers and styles", () => {
    expect(
      sanitizeRichText(
        '<h2 onclick="x()">Задачи</h2><p style="color:red">Делать <strong>ATS</strong></p><script>alert(1)</script>',
      ),
    ).toBe('<h2>Задачи</h2><p>Делать <strong>ATS</strong></p>');
  });

  it('unwraps unknown elements but keeps their text, drops images and frames whole', () => {
    expect(sanitizeRichText('<div><span>Текст</span><img src=x onerror=alert(1)></div>')).toBe(
      'Текст',
    );
    expect(sanitizeRichText('<p>до<iframe src="https://evil"></iframe>после</p>')).toBe(
      '<p>допосле</p>',
    );
  });

  it('keeps http, https and mailto links, opening outside the app', () => {
    expect(sanitizeRichText('<a href="https://hh.ru/v/1">вакансия</a>')).toBe(
      '<a href="https://hh.ru/v/1" target="_blank" rel="noopener noreferrer nofollow">вакансия</a>',
    );
    expect(sanitizeRichText('<a href="javascript:alert(1)">клик</a>')).toBe('<a>клик</a>');
    expect(sanitizeRichText('<a href=" data:text/html,x">клик</a>')).toBe('<a>клик</a>');
  });

  it('treats an empty editor as blank', () => {
    expect(isBlankRichText('<p></p>')).toBe(true);
    expect(isBlankRichText('<p>&nbsp;</p>')).toBe(true);
    expect(isBlankRichText(null)).toBe(true);
    expect(isBlankRichText('<p>Да</p>')).toBe(false);
  });
});
