import { Link } from 'react-router';
import { buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import type { TRequest } from '@ats/contracts/vacancy-applications';
import { useRequest, useRequestTemplate } from '../../shared/requests/requests-queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { RequestActions } from './request-actions';
import { RequestFields } from './request-fields';
import { RequestHistory } from './request-history';
import { RequestRoute } from './request-route';
import { RequestStateBadge } from './request-state-badge';

/** `/requests/{id}`: the request's fields, its route of approvals, its history and actions. */
export function RequestScreen({ id }: { id: number }) {
  const request = useRequest(id);
  useDocumentTitle(request.data ? `Заявка: ${request.data.position}` : 'Заявка');

  if (request.isPending && request.fetchStatus !== 'idle') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загрузка заявки" />
      </div>
    );
  }
  if (request.isError) {
    return <EmptyState title="Не удалось загрузить заявку" description={request.error.message} />;
  }
  if (!request.data) {
    // Also an id that is not a number: the query never runs.
    return (
      <EmptyState
        title="Заявка не найдена"
        description="Её удалили, или она вам недоступна."
        action={
          <Link to="/requests" className={buttonClassName('secondary')}>
            К списку заявок
          </Link>
        }
      />
    );
  }
  return <RequestPage request={request.data} />;
}

function RequestPage({ request }: { request: TRequest }) {
  // The template names the company's own fields; without it their keys are shown.
  const template = useRequestTemplate(request.template_id ?? 0);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5">
      <Link to="/requests" className="text-sm text-indigo-700 hover:underline">
        ← Все заявки
      </Link>
      <PageHeader
        title={request.position}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <RequestStateBadge state={request.state} />
            <span>Автор: {request.author.name}</span>
            {request.account_division && <span>· {request.account_division.name}</span>}
          </span>
        }
      />
      <RequestActions request={request} />
      <RequestRoute request={request} />
      <RequestFields request={request} template={template.data} />
      <RequestHistory request={request} />
    </div>
  );
}
