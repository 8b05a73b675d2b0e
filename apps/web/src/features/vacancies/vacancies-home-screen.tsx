import { BriefcaseIcon, PlusIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@ats/ui/button';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { HomeOverview } from './home-overview';
import { useHome } from './vacancies.queries';
import { VacancyFilters } from './vacancy-filters';
import {
  groupingOf,
  listParamsOf,
  searchOfListParams,
  type VacancyGrouping,
  type VacancyListParams,
} from './vacancy-list-params';
import { VacancyList } from './vacancy-list';
import { canCreateVacancy } from './vacancy-permissions';
import { VacancyStateTabs } from './vacancy-state-tabs';
import { useVacancyList } from './vacancies.queries';

// The create form (with the rich-text editor) is loaded when it is opened, not with the home page.
const CreateVacancyDialog = lazy(async () => ({
  default: (await import('./vacancy-form-dialog')).CreateVacancyDialog,
}));

/** `/`: my vacancies and who waits too long, then every vacancy by state with filters. */
export function VacanciesHomeScreen() {
  useDocumentTitle('Вакансии');
  const me = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const params = listParamsOf(search);
  const grouping = groupingOf(search);
  const [creating, setCreating] = useState(false);
  const panelId = useId();
  const home = useHome();
  const list = useVacancyList(params);

  const update = (changes: Partial<VacancyListParams>, nextGrouping: VacancyGrouping = grouping) =>
    // Any filter change starts again from the first page.
    setSearch(searchOfListParams({ ...params, page: 1, ...changes }, nextGrouping), {
      replace: true,
    });

  return (
    <div
      className="mx-auto flex max-w-6xl flex-col gap-6"
      data-screen="home"
      data-ready={home.isSuccess && list.isSuccess ? 'true' : undefined}
    >
      <PageHeader
        title="Вакансии"
        description="Открытые вакансии, воронка и сроки закрытия."
        actions={
          canCreateVacancy(me) && (
            <Button onClick={() => setCreating(true)}>
              <PlusIcon className="size-4" />
              Новая вакансия
            </Button>
          )
        }
      />
      <HomeOverview home={home} />
      <section aria-label="Все вакансии" className="flex flex-col gap-4">
        <VacancyStateTabs
          value={params.state}
          counts={list.data?.state_counts}
          onChange={(state) => update({ state })}
          panelId={panelId}
        />
        <VacancyFilters
          params={params}
          grouping={grouping}
          onChange={(changes) => update(changes)}
          onGroupingChange={(next) => update({}, next)}
        />
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={`vacancy-tab-${params.state}`}
          tabIndex={0}
          className="focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <VacancyList
            query={list}
            params={params}
            grouping={grouping}
            home={home.data}
            emptyIcon={<BriefcaseIcon />}
            onCreate={canCreateVacancy(me) ? () => setCreating(true) : undefined}
            onPage={(page) => update({ page })}
          />
        </div>
      </section>
      {creating && (
        <Suspense fallback={null}>
          <CreateVacancyDialog open onClose={() => setCreating(false)} />
        </Suspense>
      )}
    </div>
  );
}
