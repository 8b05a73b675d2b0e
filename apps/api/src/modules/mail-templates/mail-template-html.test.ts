import { describe, expect, it } from 'vitest';
import { blocksToText, htmlToBlocks, sanitizeTemplateHtml } from './mail-template-html.ts';
import { fillHtmlVariables, unknownVariables } from './mail-template-variables.ts';

const values = {
  'applicant.name': 'Иванова Мария',
  'applicant.first_name': 'Мария',
  'applicant.last_name': 'Иванова',
  'applicant.middle_name': '',
  'applicant.position': '',
  'applicant.email': 'maria@example.ru',
  'applicant.phone': '',
  'vacancy.name': '',
  'company.name': 'ООО «Ромашка»',
  'user.name': 'Анна',
  date: '5 марта 2026 г.',
  telegram_link: 'https://t.me/romashka_bot?start=abc',
};

describe('the body of a letter', () => {
  it('reads formatting, line breaks, links and nested lists into blocks', () => {
    const blocks = htmlToBlocks(
      '<p>Привет, <strong>Мария <em>Ивановна</em></strong>&nbsp;&amp; Ко<br>вторая строка</p>' +
        '<ul><li><p>Один</p><ul><li><p>Вложенный</p></li></ul></li></ul>' +
        '<p>Пишите на <a href="mailto:hr@example.ru">hr@example.ru</a> или <a href="https://x.ru">сайт</a></p>',
    );
    expect(blocks[0]!.runs.map((r) => [r.text, r.bold, r.italic])).toEqual([
      ['Привет, ', false, false],
      ['Мария ', true, false],
      ['Ивановна', true, true],
      ['\u00a0& Ко', false, false],
      ['\n', false, false],
      ['вторая строка', false, false],
    ]);
    expect(blocksToText(blocks)).toBe(
      'Привет, Мария Ивановна\u00a0& Ко\nвторая строка\n\n• Один\n  • Вложенный\n\n' +
        'Пишите на hr@example.ru или сайт (https://x.ru)',
    );
  });

  it('is cleaned of scripts, handlers and unsafe links before and after the values go in', () => {
    expect(
      sanitizeTemplateHtml(
        '<p onclick="x()">Текст<img src=x onerror=y></p><a href="javascript:alert(1)">a</a>',
      ),
    ).toBe('<p>Текст</p><a>a</a>');
    expect(sanitizeTemplateHtml('<p>  </p><script>alert(1)</script>')).toBe('');
    const filled = fillHtmlVariables('<p><a href="%applicant.name%">%applicant.email%</a></p>', {
      ...values,
      'applicant.name': 'javascript:alert(1)',
      'applicant.email': '<img src=x onerror=alert(1)>',
    });
    const clean = sanitizeTemplateHtml(filled);
    expect(clean).not.toContain('javascript:');
    expect(clean).not.toContain('<img');
    expect(clean).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('knows variables in any case and lists the unknown ones once, as typed', () => {
    expect(fillHtmlVariables('%Applicant.First_Name%, %company.name%', values)).toBe(
      'Мария, ООО «Ромашка»',
    );
    expect(unknownVariables('%foo.bar% и %foo.bar%', 'скидка 50% и %date% %x%')).toEqual([
      '%foo.bar%',
      '%x%',
    ]);
  });
});
