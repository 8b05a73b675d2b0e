import { describe, expect, it } from 'vitest';
import { actorLabel, changeLines, describeBrowser } from './audit-format';

describe('how the audit log shows an event', () => {
  it('reads a change of rights and of settings as «поле: было → стало»', () => {
    expect(
      changeLines({
        'admin_user_setting.permissions_actions.can_manage_tag': { from: true, to: false },
        company_name: { from: 'ООО «Ромашка»', to: 'ООО «Лютик»' },
        work_days: { from: [1, 2, 3, 4, 5], to: [1, 2, 3, 4, 5, 6] },
        inn: { from: null, to: '7707083893' },
        member_type: { from: null, to: 'watcher' },
      }),
    ).toEqual([
      {
        key: 'admin_user_setting.permissions_actions.can_manage_tag',
        label: 'Право «Управлять тегами»',
        from: 'да',
        to: 'нет',
      },
      { key: 'company_name', label: 'Название компании', from: 'ООО «Ромашка»', to: 'ООО «Лютик»' },
      {
        key: 'work_days',
        label: 'Рабочие дни',
        from: 'пн, вт, ср, чт, пт',
        to: 'пн, вт, ср, чт, пт, сб',
      },
      { key: 'inn', label: 'ИНН', from: '—', to: '7707083893' },
      { key: 'member_type', label: 'Роль', from: '—', to: 'нанимающий менеджер' },
    ]);
  });

  it('shows what an action concerned as a plain value', () => {
    expect(changeLines({ count: 2, columns: ['ФИО', 'Email'] })).toEqual([
      { key: 'count', label: 'Количество', from: null, to: '2' },
      { key: 'columns', label: 'Столбцы', from: null, to: 'ФИО, Email' },
    ]);
  });

  it('names the browser and system of a user agent', () => {
    expect(
      describeBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 YaBrowser/24.7 Safari/537.36',
      ),
    ).toBe('Яндекс Браузер, Windows');
    expect(
      describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'),
    ).toBe('Firefox, Linux');
    expect(describeBrowser(null)).toBe('');
  });

  it('names the actor, the typed address of a failed sign-in, or the system', () => {
    expect(actorLabel({ actor: { id: 1, name: 'Анна', email: 'a@x.ru' }, actor_email: null })).toBe(
      'Анна',
    );
    expect(actorLabel({ actor: null, actor_email: 'who@x.ru' })).toBe('who@x.ru');
    expect(actorLabel({ actor: null, actor_email: null })).toBe('Система');
  });
});
