// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import { memberOf, renderWithApp } from '../../shared/testing/vacancy-test-data';
import { SettingsOverviewScreen } from './settings-overview-screen';

afterEach(cleanup);

const as = (member_type: 'owner' | 'watcher', is_admin: boolean, can_manage_tag: boolean) =>
  memberOf({
    member_type,
    is_admin,
    admin_user_setting: { permissions_actions: { can_manage_tag } },
  } as Partial<TMe>);

const cards = () => screen.getAllByRole('link').map((link) => link.textContent ?? '');
const has = (title: string) => cards().some((text) => text.startsWith(title));

describe('the settings overview shows the sections the user may open (SPEC.md §6)', () => {
  it('shows every section to an admin recruiter with the tag right', () => {
    renderWithApp(<SettingsOverviewScreen />, as('owner', true, true));
    expect(cards()).toHaveLength(16);
    for (const title of [
      'Аккаунт',
      'Отделы',
      'Теги',
      'Воронки и этапы',
      'Причины отказа',
      'Источники резюме',
      'Шаблоны заявок',
      'Согласие на обработку данных',
    ]) {
      expect(has(title), title).toBe(true);
    }
  });

  it('hides the evaluation forms from a recruiter, and tags without can_manage_tag', () => {
    renderWithApp(<SettingsOverviewScreen />, as('owner', false, false));
    expect(has('Формы оценки кандидатов')).toBe(false);
    expect(has('Журнал действий')).toBe(false);
    expect(has('Шаблоны заявок')).toBe(false);
    expect(has('Теги')).toBe(false);
    expect(has('Причины отказа')).toBe(true);
    expect(has('Аккаунт')).toBe(true);
  });

  it('hides tags from an admin whose tag right was taken away', () => {
    renderWithApp(<SettingsOverviewScreen />, as('owner', true, false));
    expect(has('Теги')).toBe(false);
    expect(has('Формы оценки кандидатов')).toBe(true);
  });
});
