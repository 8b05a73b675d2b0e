import { describe, expect, it } from 'vitest';
import type { TWorklogEntry } from '@ats/contracts/applicants';
import { ZUpdateApplicantRequest } from '@ats/contracts/applicants';
import { FIELD_LABELS, formatWorklogEntry } from './worklog-format';

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

  it('shows a changed phone in the display form, not as stored (E.164)', () => {
    const line = formatWorklogEntry(
      entry({ changes: { phone: { from: '+79001112233', to: '+79004445566' } } }),
    );
    expect(line.details).toEqual(['Телефон: +7 900 111-22-33 → +7 900 444-55-66']);
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

  it('reads every kind of entry the API writes as a sentence with names, never a raw key', () => {
    const names = {
      'vacancy:4': 'Бухгалтер',
      'status:11': 'Новый',
      'reason:1': 'Не подходит по опыту',
      'user:5': 'Борис Ветров',
      'user:7': 'Анна Смирнова',
      'source:3': 'Хедхантер',
      'country:1': 'Россия',
    };
    const vacancy = { vacancy_id: 4, vacancy_name: 'Бухгалтер' };
    const kinds: Array<[string, Record<string, unknown>, string, string[]]> = [
      [
        'create',
        { created_via: 'resume', vacancy_id: 4, status_id: 11 },
        'Создал(а) кандидата',
        ['Способ: из файла резюме', 'Вакансия: Бухгалтер', 'Этап: Новый'],
      ],
      [
        'vacancy_add',
        { ...vacancy, status: { from: null, to: 'Новый' } },
        'Добавил(а) на вакансию «Бухгалтер» на этап «Новый»',
        [],
      ],
      [
        'vacancy_move',
        { ...vacancy, status: { from: 'Новый', to: 'Интервью с HR' } },
        'Перевёл(а) по вакансии «Бухгалтер» с этапа «Новый» на этап «Интервью с HR»',
        [],
      ],
      [
        'vacancy_reject',
        {
          ...vacancy,
          status: { from: 'Новый', to: 'Отказ компании' },
          reason_id: 1,
          comment: 'Мало опыта',
        },
        'Отказал(а) по вакансии «Бухгалтер»: причина «Не подходит по опыту»',
        ['Комментарий: Мало опыта'],
      ],
      [
        'vacancy_refuse',
        { ...vacancy, status: { from: 'Оффер', to: 'Отказ кандидата' }, reason_id: 1 },
        'Отметил(а) отказ кандидата по вакансии «Бухгалтер»: причина «Не подходит по опыту»',
        [],
      ],
      [
        'vacancy_remove',
        { ...vacancy, status: { from: 'Новый', to: null } },
        'Снял(а) с вакансии «Бухгалтер» с этапа «Новый»',
        [],
      ],
      [
        'file_added',
        { file_id: 9, file_name: 'cv.pdf', kind: 'resume' },
        'Добавил(а) файл резюме «cv.pdf»',
        [],
      ],
      [
        'file_removed',
        { file_id: 9, file_name: 'scan.png', kind: 'attachment' },
        'Удалил(а) файл «scan.png»',
        [],
      ],
      [
        'update',
        {
          phone: { from: '+7 900 000-00-00', to: '+7 900 111-11-11' },
          admin_user_id: { from: 7, to: 5 },
          account_source_id: { from: null, to: 3 },
          country: { from: null, to: 1 },
        },
        'Изменил(а) данные',
        [
          'Телефон: +7 900 000-00-00 → +7 900 111-11-11',
          'Ответственный: Анна Смирнова → Борис Ветров',
          'Источник: — → Хедхантер',
          'Страна: — → Россия',
        ],
      ],
      [
        'update_tags',
        { tags: { from: ['Горячий'], to: ['Горячий', 'Резерв'] } },
        'Изменил(а) теги',
        ['Теги: Горячий → Горячий, Резерв'],
      ],
      [
        'tags_changed',
        { tags: { added: [{ id: 1, name: 'Резерв' }], removed: [] }, bulk: true },
        'Изменил(а) теги',
        ['Теги добавлены: Резерв'],
      ],
      [
        'archive',
        { is_archived: { from: false, to: true } },
        'Переместил(а) в архив',
        ['В архиве: нет → да'],
      ],
      [
        'restore',
        { is_archived: { from: true, to: false } },
        'Вернул(а) из архива',
        ['В архиве: да → нет'],
      ],
      [
        'archived',
        { archived_at: { from: null, to: '2025-03-12T11:05:00Z' }, bulk: true },
        'Переместил(а) в архив',
        ['В архиве с: — → 12 марта 2025 г. в 14:05'],
      ],
      [
        'comment_create',
        { comment_id: 5, description: 'Позвонить' },
        'Добавил(а) комментарий',
        ['Текст: Позвонить'],
      ],
      [
        'comment_update',
        { comment_id: 5, description: { from: 'Позвонить', to: 'Позвонил' } },
        'Изменил(а) комментарий',
        ['Текст: Позвонить → Позвонил'],
      ],
      [
        'comment_delete',
        { comment_id: 5, description: 'Позвонил' },
        'Удалил(а) комментарий',
        ['Текст: Позвонил'],
      ],
      [
        'merged',
        { merge_id: 1, secondary_id: 40, secondary_name: 'Иванова Мария' },
        'Объединён с «Иванова Мария»',
        [],
      ],
      ['merge_undone', { merge_id: 1, secondary_id: 40 }, 'Объединение отменено', []],
      [
        'something_new',
        { mystery_id: 3, city: { from: 'Пермь', to: 'Казань' } },
        'Внёс(ла) изменения в карточку',
        ['Город: Пермь → Казань', 'Другие данные: изменены'],
      ],
    ];
    for (const [action, changes, what, details] of kinds) {
      const line = formatWorklogEntry(entry({ action, changes, names }));
      expect(line.what, action).toBe(what);
      expect(line.details, action).toEqual(details);
      const text = [line.who, line.what, ...line.details].join(' ');
      expect(text, action).not.toMatch(/[a-z]+_[a-z]+|\b(kind|resume|reason|vacancy)\b/);
    }
  });

  it('names a reference gone from its list in words, and an old answer without names too', () => {
    const line = formatWorklogEntry(
      entry({
        action: 'vacancy_reject',
        changes: { vacancy_id: 4, reason_id: 99, status: { from: 'Новый', to: 'Отказ' } },
      }),
    );
    expect(line.what).toBe(
      'Отказал(а) по вакансии «удалённая вакансия»: причина «удалённая причина»',
    );
    const gone = formatWorklogEntry(entry({ user_id: 3, user_name: null }));
    expect(gone.who).toBe('Удалённый пользователь');
  });

  it('has a label for every field of the applicant an edit may change', () => {
    const unlabelled = Object.keys(ZUpdateApplicantRequest.shape).filter((f) => !FIELD_LABELS[f]);
    expect(unlabelled).toEqual([]);
  });
});
