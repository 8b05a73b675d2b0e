// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { markUnknownVariables } from './letter-preview-html';

describe('the preview marks the variables the server did not know', () => {
  it('wraps each unknown variable in the text, and nothing else', () => {
    const html = markUnknownVariables(
      '<p>Здравствуйте, Мария! Код: %promo.code%, снова %promo.code%; 50% скидка</p>',
      ['%promo.code%'],
    );
    expect(html).toBe(
      '<p>Здравствуйте, Мария! Код: <mark title="Неизвестная переменная">%promo.code%</mark>, ' +
        'снова <mark title="Неизвестная переменная">%promo.code%</mark>; 50% скидка</p>',
    );
  });

  it('still cleans the body: a script from the server never reaches the page', () => {
    const html = markUnknownVariables(
      '<p>Текст</p><script>alert(1)</script><img src=x onerror=y>',
      [],
    );
    expect(html).toBe('<p>Текст</p>');
  });

  it('leaves a variable in a link address alone', () => {
    const html = markUnknownVariables('<p><a href="https://x.ru/%bad%">ссылка %bad%</a></p>', [
      '%bad%',
    ]);
    expect(html).toContain('href="https://x.ru/%bad%"');
    expect(html).toContain('ссылка <mark title="Неизвестная переменная">%bad%</mark>');
  });
});
