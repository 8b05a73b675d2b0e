import { describe, expect, it } from 'vitest';
import type { TWorklogEntry } from '@ats/contracts/applicants';
import { formatWorklogEntry } from './worklog-format';

const entry = (over: Partial<TWorklogEntry>): TWorklogEntry => ({
  id: 1,
  action: 'update',
  changes: {},
  user_id: 7,
  user_name: 'Анна Смирнова',
  created_at: '2025-03-12T11:05:00Z',
  ...over,
});

describe('the history of an applicant', () => {
  it('says who changed what and when, in Moscow time', () => {
    const line = formatWorklogEntry(
      entry({
        changes: {
          position: { from: 'Junior', to: 'Middle' },
          birthday: { from: null, to: '1990-05-17' },
          gender: { from: null, to: 'female' },
        },
      }),
    );
    expect(line.who).toBe('Анна Смирнова');
    expect(line.what).toBe('Изменил(а) данные');
    expect(line.when).toMatch(/^12 марта 2025 г\..*14:05$/);
    expect(line.details).toEqual([
      'Должность: Junior → Middle',
      'Дата рождения: — → 17.05.1990',
      'Пол: — → женский',
    ]);
  });

  it('names tags added and removed in bulk and hides technical keys', () => {
    const line = formatWorklogEntry(
      entry({
        action: 'tags_changed',
        changes: {
          tags: { added: [{ id: 1, name: 'Горячий' }], removed: [] },
          bulk: true,
        },
      }),
    );
    expect(line.what).toBe('Изменил(а) теги');
    expect(line.details).toEqual(['Теги добавлены: Горячий']);
  });

  it('shows comments and creation in words, and the system when nobody did it', () => {
    const created = formatWorklogEntry(
      entry({
        action: 'create',
        user_id: null,
        user_name: null,
        changes: { created_via: 'plugin' },
      }),
    );
    expect(created.who).toBe('Система');
    expect(created.what).toBe('Создал(а) кандидата');
    expect(created.details).toEqual(['Способ: через расширение браузера']);
    const comment = formatWorklogEntry(
      entry({
        action: 'comment_create',
        changes: { comment_id: 5, description: 'Позвонить в пятницу' },
      }),
    );
    expect(comment.details).toEqual(['Текст: Позвонить в пятницу']);
  });

  it('names the merged applicant, keeps the merge id for the undo and hides technical keys', () => {
    const merged = formatWorklogEntry(
      entry({
        action: 'merged',
        changes: { merge_id: 12, secondary_id: 40, secondary_name: 'Ivanova Maria' },
      }),
    );
    expect(merged.what).toBe('Объединён с «Ivanova Maria»');
    expect(merged.standalone).toBe(true);
    expect(merged.mergeId).toBe(12);
    expect(merged.details).toEqual([]);

    const undone = formatWorklogEntry(
      entry({ action: 'merge_undone', changes: { merge_id: 12, secondary_id: 40 } }),
    );
    expect(undone.what).toBe('Объединение отменено');
    expect(undone.standalone).toBe(true);
    expect(undone.mergeId).toBeUndefined();
    expect(undone.details).toEqual([]);

    const plain = formatWorklogEntry(entry({ changes: { city: { from: null, to: 'Пермь' } } }));
    expect(plain.standalone).toBe(false);
    expect(plain.details).toEqual(['Город: — → Пермь']);
  });
});
