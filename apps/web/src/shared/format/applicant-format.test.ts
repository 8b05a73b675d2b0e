import { describe, expect, it } from 'vitest';
import {
  applicantInitials,
  applicantName,
  formatAge,
  formatFoundCount,
  formatSalary,
  formatWorkPeriod,
} from './applicant-format';

// Intl separates digit groups with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('applicant formatting', () => {
  it('shows the full name, falling back to the email', () => {
    expect(
      applicantName({ last_name: 'Иванова', first_name: 'Мария', middle_name: 'Петровна' }),
    ).toBe('Иванова Мария Петровна');
    expect(applicantName({ email: 'masha@example.ru' })).toBe('masha@example.ru');
    expect(applicantInitials({ last_name: 'Иванова', first_name: 'Мария' })).toBe('ИМ');
  });

  it('groups salary digits and adds the currency symbol', () => {
    expect(plain(formatSalary('150000', 'RUB'))).toBe('150 000 ₽');
    expect(plain(formatSalary('3000', 'usd'))).toBe('3 000 $');
    expect(plain(formatSalary('от 100к', 'EUR'))).toBe('от 100к €');
    expect(formatSalary(null, 'RUB')).toBe('');
  });

  it('uses Russian plural forms for age and the found count', () => {
    expect(formatAge(21)).toBe('21 год');
    expect(formatAge(34)).toBe('34 года');
    expect(formatAge(25)).toBe('25 лет');
    expect(formatFoundCount(1)).toBe('Найден 1 кандидат');
    expect(formatFoundCount(3)).toBe('Найдено 3 кандидата');
    expect(formatFoundCount(11)).toBe('Найдено 11 кандидатов');
    expect(plain(formatFoundCount(10_000))).toBe('Найдено 10 000 кандидатов');
    expect(formatFoundCount(21)).toBe('Найден 21 кандидат');
    expect(plain(formatFoundCount(1000, true))).toBe(
      'Найдено больше 1 000 кандидатов, показаны лучшие',
    );
  });

  it('shows a work period with its length, current jobs up to today', () => {
    expect(formatWorkPeriod({ date_start: '2020-03-01', date_end: '2022-05-31' })).toBe(
      'март 2020 — май 2022 · 2 года 3 месяца',
    );
    expect(
      formatWorkPeriod(
        { date_start: '2024-01-01', is_now: true },
        new Date('2025-01-15T00:00:00Z'),
      ),
    ).toBe('январь 2024 — по настоящее время · 1 год 1 месяц');
    expect(formatWorkPeriod({})).toBe('');
  });
});
