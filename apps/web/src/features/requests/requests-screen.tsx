import { PlusIcon } from '@heroicons/react/20/solid';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClassName } from '@ats/ui/button';
import { PageHeader } from '@ats/ui/page-header';
import { useRequestList, type RequestListParams } from '../../shared/requests/requests-queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { RequestFilters } from './request-filters';
import { RequestList } from './request-list';
import { requestParamsOf, searchOfRequestParams } from './request-list-params';
import { RequestTabs } from './request-tabs';

/** `/requests`: hiring requests by tab («Мои», «На моём согласовании», «Все») with filters. */
export function RequestsScreen() {
  useDocumentTitle('Заявки на подбор');
  const [search, setSearch] = useSearchParams();
  const params = requestParamsOf(search);
  const list = useRequestList(params);
  const panelId = useId();

  const update = (changes: Partial<RequestListParams>) =>
    // Any filter change starts again from the first page.
    setSearch(searchOfRequestParams({ ...params, page: 1, ...changes }), { replace: true });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <PageHeader
        title="Заявки на подбор"
        description="Заявки руководителей на открытие вакансий и их согласование."
        actions={
          <Link to="/requests/new" className={buttonClassName('primary')}>
            <PlusIcon className="size-4" />
            Новая заявка
          </Link>
        }
      />
      <section aria-label="Заявки на подбор" className="flex flex-col gap-4">
        <RequestTabs value={params.tab} onChange={(tab) => update({ tab })} panelId={panelId} />
        <RequestFilters params={params} onChange={update} />
        <div
          id={panelId}
          role="tabpanel"
          aria-labelledby={`request-tab-${params.tab}`}
          tabIndex={0}
          className="focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <RequestList query={list} params={params} onPage={(page) => update({ page })} />
        </div>
      </section>
    </div>
  );
}
