import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import type { THome } from '@ats/contracts/home';
import type { ZVacancyPage } from '@ats/contracts/vacancies';
import { pluralize } from '../../shared/format/plurals';
import type { StageCount } from './stage-bar';
import { VacancyCard } from './vacancy-card';
import { VACANCY_FORMS } from './vacancy-format';
import { groupVacancies } from './vacancy-grouping';
import type { VacancyGrouping, VacancyListParams } from './vacancy-list-params';
import { STATE_TAB_LABELS } from './vacancy-state-tabs';

type Page = z.infer<typeof ZVacancyPage>;

type Props = {
  query: UseQueryResult<Page>;
  params: VacancyListParams;
  grouping: VacancyGrouping;
  home: THome | undefined;
  emptyIcon: ReactNode;
  onCreate: (() => void) | undefined;
  onPage: (page: number) => void;
};

const hasFilters = (params: VacancyListParams) =>
  Boolean(params.search || params.division_id || params.owner_id || params.priority !== null);

function Skeleton() {
  return (
    <ul aria-busy="true" aria-label="Загрузка вакансий" className="grid gap-3 md:grid-cols-2">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="h-36 animate-pulse rounded-xl bg-zinc-100" />
      ))}
    </ul>
  );
}

/** The vacancies of one state tab: loading, empty, grouped cards and the pager. */
export function VacancyList({ query, params, grouping, home, emptyIcon, onCreate, onPage }: Props) {
  if (query.isPending) return <Skeleton />;
  if (query.isError) {
    return <EmptyState title="Не удалось загрузить вакансии" description={query.error.message} />;
  }
  const { vacancies, vacancy_count: total, per_page } = query.data;
  if (vacancies.length === 0) {
    return hasFilters(params) ? (
      <EmptyState
        icon={emptyIcon}
        title="Ничего не найдено"
        description="Под эти фильтры не подходит ни одна вакансия."
      />
    ) : (
      <EmptyState
        icon={emptyIcon}
        title={`${STATE_TAB_LABELS[params.state]} вакансии: пусто`}
        description={
          params.state === 'open' ? 'Создайте первую вакансию — или начните с шаблона.' : undefined
        }
        action={
          params.state === 'open' && onCreate ? (
            <Button onClick={onCreate}>Новая вакансия</Button>
          ) : undefined
        }
      />
    );
  }

  const homeStages = new Map<number, StageCount[]>(
    (home?.vacancies ?? []).map((vacancy) => [vacancy.id, vacancy.stages]),
  );
  const pages = Math.max(1, Math.ceil(total / per_page));
  return (
    <div className="flex flex-col gap-5" aria-busy={query.isFetching || undefined}>
      <p className="text-sm text-zinc-500">Найдено: {pluralize(total, VACANCY_FORMS)}</p>
      {groupVacancies(vacancies, grouping).map((group) => (
        <section
          key={group.key}
          aria-label={group.title || 'Вакансии'}
          className="flex flex-col gap-2"
        >
          {group.title && (
            <h3 className="text-sm font-semibold text-zinc-700">
              {group.title}{' '}
              <span className="font-normal text-zinc-500">({group.vacancies.length})</span>
            </h3>
          )}
          <ul aria-label={group.title || 'Вакансии'} className="grid gap-3 md:grid-cols-2">
            {group.vacancies.map((vacancy) => (
              <VacancyCard
                key={vacancy.id}
                vacancy={vacancy}
                fallbackStages={homeStages.get(vacancy.id)}
              />
            ))}
          </ul>
        </section>
      ))}
      {pages > 1 && (
        <nav aria-label="Страницы вакансий" className="flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            size="sm"
            disabled={params.page <= 1}
            onClick={() => onPage(params.page - 1)}
          >
            Назад
          </Button>
          <span className="text-sm text-zinc-600">
            Страница {params.page} из {pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={params.page >= pages}
            onClick={() => onPage(params.page + 1)}
          >
            Вперёд
          </Button>
        </nav>
      )}
    </div>
  );
}
