import { describe, expect, it } from 'vitest';
import { groupVacancies } from './vacancy-grouping';
import { deadlineOf, flattenDivisions, formatSalary } from './vacancy-format';
import { groupingOf, listParamsOf, searchOfListParams } from './vacancy-list-params';
import { vacancyOf } from '../../shared/testing/vacancy-test-data';

describe('the home list filters in the address', () => {
  it('reads what is valid and defaults the rest', () => {
    const params = listParamsOf(
      new URLSearchParams('state=hold&owner_id=3&priority=0&division_id=x&search=%20qa%20&page=2'),
    );
    expect(params).toEqual({
      state: 'hold',
      division_id: null,
      owner_id: 3,
      priority: 0,
      search: 'qa',
      page: 2,
    });
    expect(listParamsOf(new URLSearchParams('state=deleted&priority=11'))).toMatchObject({
      state: 'open',
      priority: null,
    });
    expect(groupingOf(new URLSearchParams('group=owner'))).toBe('owner');
    expect(groupingOf(new URLSearchParams('group=color'))).toBe('none');
  });

  it('writes only what differs from the defaults', () => {
    const params = listParamsOf(new URLSearchParams());
    expect(searchOfListParams(params, 'none').toString()).toBe('');
    expect(
      searchOfListParams({ ...params, state: 'closed', search: 'qa' }, 'division').toString(),
    ).toBe('state=closed&search=qa&group=division');
  });
});

describe('grouping vacancies', () => {
  const anna = { id: 2, name: 'Анна' };
  const boris = { id: 3, name: 'Борис' };
  const vacancies = [
    vacancyOf({ id: 1, owners: [boris], account_division: { id: 7, name: 'Продажи' } }),
    vacancyOf({ id: 2, owners: [anna, boris], account_division: null }),
    vacancyOf({ id: 3, owners: [], account_division: { id: 8, name: 'Разработка' } }),
  ];
  const ids = (groups: ReturnType<typeof groupVacancies>) =>
    groups.map((g) => [g.title, g.vacancies.map((v) => v.id)]);

  it('by division, the ones without a division last', () => {
    expect(ids(groupVacancies(vacancies, 'division'))).toEqual([
      ['Продажи', [1]],
      ['Разработка', [3]],
      ['Без подразделения', [2]],
    ]);
  });

  it('by owner, a vacancy with two owners under both', () => {
    expect(ids(groupVacancies(vacancies, 'owner'))).toEqual([
      ['Анна', [2]],
      ['Борис', [1, 2]],
      ['Без ответственного', [3]],
    ]);
  });
});

describe('vacancy formatting', () => {
  it('writes salaries the Russian way', () => {
    // Intl groups thousands with a narrow no-break space.
    const plain = (text: string | null) => text?.replace(/\s/g, ' ');
    expect(plain(formatSalary(150000, 250000, 'RUB'))).toBe('150 000 – 250 000 ₽');
    expect(plain(formatSalary(null, 3000, 'USD'))).toBe('до 3 000 $');
    expect(formatSalary(null, null, 'RUB')).toBeNull();
  });

  it('warns about a deadline that passed and one that is close', () => {
    expect(deadlineOf('2026-03-01', '2026-03-06')).toEqual({
      text: 'Срок истёк 01.03.2026: просрочено на 5 дней',
      overdue: true,
      soon: false,
    });
    expect(deadlineOf('2026-03-08', '2026-03-06')).toMatchObject({ overdue: false, soon: true });
    expect(deadlineOf('2026-04-06', '2026-03-06')?.soon).toBe(false);
    expect(deadlineOf(null)).toBeNull();
  });

  it('flattens the division tree with depths', () => {
    const leaf = {
      id: 2,
      name: 'Фронтенд',
      parent_id: 1,
      description: null,
      color: null,
      order: 0,
      additional_fields_list: [],
      children: [],
    };
    expect(
      flattenDivisions([{ ...leaf, id: 1, name: 'Разработка', parent_id: null, children: [leaf] }]),
    ).toEqual([
      { id: 1, name: 'Разработка', depth: 0 },
      { id: 2, name: 'Фронтенд', depth: 1 },
    ]);
  });
});
