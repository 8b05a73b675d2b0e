import type { TVacancy } from '@ats/contracts/vacancies';
import type { VacancyGrouping } from './vacancy-list-params';

export type VacancyGroup = { key: string; title: string; vacancies: TVacancy[] };

const byTitle = (a: VacancyGroup, b: VacancyGroup) => a.title.localeCompare(b.title, 'ru');

/**
 * The page's vacancies in groups: by division, or by owner (a vacancy with two owners is under
 * both). Named groups in alphabetical order, the group without a division or owner last.
 */
export function groupVacancies(vacancies: TVacancy[], grouping: VacancyGrouping): VacancyGroup[] {
  if (grouping === 'none') return [{ key: 'all', title: '', vacancies }];
  const groups = new Map<string, VacancyGroup>();
  const add = (key: string, title: string, vacancy: TVacancy) => {
    const group = groups.get(key) ?? { key, title, vacancies: [] };
    group.vacancies.push(vacancy);
    groups.set(key, group);
  };
  for (const vacancy of vacancies) {
    if (grouping === 'division') {
      const division = vacancy.account_division;
      if (division) add(`division-${division.id}`, division.name, vacancy);
      else add('none', 'Без подразделения', vacancy);
    } else if (vacancy.owners.length === 0) {
      add('none', 'Без ответственного', vacancy);
    } else {
      for (const owner of vacancy.owners) add(`owner-${owner.id}`, owner.name, vacancy);
    }
  }
  const rest = groups.get('none');
  groups.delete('none');
  return [...[...groups.values()].sort(byTitle), ...(rest ? [rest] : [])];
}
