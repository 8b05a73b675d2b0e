import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { REQUEST_STATE_LABELS, type TCreateRequest } from '@ats/contracts/vacancy-applications';
import { buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import type { ApiResult } from '../../shared/api-client';
import {
  useRequest,
  useRequestDivisions,
  useRequestTemplate,
} from '../../shared/requests/requests-queries';
import { useRequestTemplates } from '../../shared/requests/request-templates-queries';
import { LoadState } from '../../shared/settings/settings-page';
import { useDocumentTitle } from '../../shared/use-document-title';
import { RequestForm, type RequestIntent } from './request-form';
import { useSaveRequest, useSubmitRequest } from './request-form.queries';
import { emptyRequestForm, formValuesOfRequest } from './request-form-values';

/** `/requests/new` (id null) and `/requests/:id/edit`: the form, then the request's page. */
export function RequestFormScreen({ id }: { id: number | null }) {
  const title = id === null ? 'Новая заявка на подбор' : 'Правка заявки на подбор';
  useDocumentTitle(title);
  const navigate = useNavigate();
  const templates = useRequestTemplates();
  const divisions = useRequestDivisions();
  const stored = useRequest(id ?? 0);
  const save = useSaveRequest();
  const submit = useSubmitRequest();
  // Once saved, the request has an id: a retry after a refused submit changes it, never
  // creates a second one.
  const [savedId, setSavedId] = useState<number | null>(id);

  const request = stored.data ?? null;
  // A request keeps its template's fields even when the template is no longer offered.
  const ownTemplate = useRequestTemplate(request?.template_id ?? 0);
  const templateList = useMemo(() => {
    const offered = templates.data ?? [];
    const own = ownTemplate.data;
    return own && !offered.some((t) => t.id === own.id) ? [...offered, own] : offered;
  }, [templates.data, ownTemplate.data]);
  const values = useMemo(() => {
    if (id === null) return emptyRequestForm(templateList[0] ?? null);
    if (!request) return null;
    const template = templateList.find((t) => t.id === request.template_id) ?? null;
    return formValuesOfRequest(request, template);
  }, [id, request, templateList]);
  const templateLoading = request?.template_id != null && ownTemplate.isPending;

  const onSave = async (
    body: TCreateRequest,
    intent: RequestIntent,
  ): Promise<ApiResult<unknown>> => {
    // A stored request keeps its template: PATCH does not move it to another form.
    const { template_id: _template, ...changes } = body;
    const saved = await save.mutateAsync({
      id: savedId,
      request: savedId === null ? body : changes,
    });
    if (!saved.ok) return saved;
    setSavedId(saved.data.id);
    if (intent === 'submit') {
      const sent = await submit.mutateAsync(saved.data.id);
      if (!sent.ok) return sent;
    }
    void navigate(`/requests/${saved.data.id}`);
    return saved;
  };

  const back = id === null ? '/requests' : `/requests/${id}`;
  const loadFailed = templates.isError || stored.isError;
  const ready = templates.data && values && (id === null || request) && !templateLoading;

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-2">
      <Link
        to={back}
        className="inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        {id === null ? 'Все заявки' : 'К заявке'}
      </Link>
      <PageHeader
        title={title}
        description="Руководитель описывает, кого нужно нанять; после согласования рекрутер открывает вакансию."
      />
      {id !== null && stored.isSuccess && !request ? (
        <EmptyState
          title="Заявка не найдена"
          description="Её удалили, или она вам недоступна."
          action={
            <Link to="/requests" className={buttonClassName('secondary')}>
              К списку заявок
            </Link>
          }
        />
      ) : !ready ? (
        <LoadState
          isError={loadFailed}
          loadingLabel="Загрузка формы"
          errorText={
            stored.error?.message ?? templates.error?.message ?? 'Не удалось загрузить форму'
          }
          onRetry={() => {
            void templates.refetch();
            if (id !== null) void stored.refetch();
          }}
        />
      ) : request && !request.can.edit ? (
        <p role="note" className="text-sm text-zinc-600">
          {`Заявку в состоянии «${REQUEST_STATE_LABELS[request.state]}» изменить нельзя.`}
        </p>
      ) : (
        <RequestForm
          values={values}
          templates={templateList}
          canPickTemplate={id === null}
          divisions={divisions.data ?? []}
          storedFiles={request?.files ?? []}
          draftLabel={request?.state === 'returned' ? 'Сохранить' : 'Сохранить черновик'}
          onCancel={() => void navigate(back)}
          onSave={onSave}
        />
      )}
    </section>
  );
}
