import { describe, expect, it } from 'vitest';
import { parseChangelog } from './changelog-file.ts';

describe('parseChangelog', () => {
  it('reads one entry per `## YYYY-MM-DD — Title` section: first paragraph is the summary, the rest the body', () => {
    const entries = parseChangelog(
      [
        '# Список изменений',
        '',
        'Вступление, которое не относится к выпускам.',
        '',
        '## 2026-11-21 — Первый выпуск',
        '',
        'Регистрация компании',
        'и вход по паролю.',
        '',
        '- Сессии на 7 дней.',
        '- Роли.',
        '',
        'Ещё абзац.',
        '## 2026-12-01 — Теги  ',
        'Цветные теги кандидатов.',
      ].join('\n'),
    );
    expect(entries).toEqual([
      {
        slug: '2026-11-21-первый-выпуск',
        releaseDate: '2026-11-21',
        title: 'Первый выпуск',
        summary: 'Регистрация компании и вход по паролю.',
        body: '- Сессии на 7 дней.\n- Роли.\n\nЕщё абзац.',
      },
      {
        slug: '2026-12-01-теги',
        releaseDate: '2026-12-01',
        title: 'Теги',
        summary: 'Цветные теги кандидатов.',
        body: '',
      },
    ]);
  });

  it('reads a file saved with Windows line endings the same way', () => {
    const entries = parseChangelog(
      '## 2026-11-21 — Выпуск\r\n\r\nАннотация\r\nв две строки.\r\n\r\nПодробности.\r\n',
    );
    expect(entries).toEqual([
      {
        slug: '2026-11-21-выпуск',
        releaseDate: '2026-11-21',
        title: 'Выпуск',
        summary: 'Аннотация в две строки.',
        body: 'Подробности.',
      },
    ]);
  });

  it('ignores text without release headings and an empty file', () => {
    expect(parseChangelog('')).toEqual([]);
    expect(parseChangelog('# Заголовок\n\n## Не дата — Что-то\nтекст')).toEqual([]);
  });
});
