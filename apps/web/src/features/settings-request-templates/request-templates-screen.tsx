import {
  DocumentCheckIcon,
  PencilSquareIcon,
  PlusIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import { useState } from 'react';
import {
  APPROVAL_MODE_LABELS,
  REQUEST_FIELD_TYPE_LABELS,
  type TRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import { Button, iconButton } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { pluralize } from '../../shared/format/plurals';
import {
  useDeleteRequestTemplate,
  useRequestTemplates,
} from '../../shared/requests/request-templates-queries';
import { LoadState, SettingsPage } from '../../shared/settings/settings-page';
import { TemplateEditor } from './template-editor';

const FIELDS = { one: 'поле', few: 'поля', many: 'полей' };
const STEPS = { one: 'шаг', few: 'шага', many: 'шагов' };

function TemplateCard({
  template,
  onEdit,
  onDelete,
}: {
  template: TRequestTemplate;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <li aria-label={template.name}>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="font-medium text-zinc-900">{template.name}</p>
            {template.description && (
              <p className="text-sm text-zinc-500">{template.description}</p>
            )}
            <p className="mt-1 text-xs text-zinc-500">
              {pluralize(template.fields.length, FIELDS)} ·{' '}
              {template.steps.length ? pluralize(template.steps.length, STEPS) : 'без согласования'}
            </p>
          </div>
          <button
            type="button"
            className={iconButton}
            aria-label={`Изменить шаблон «${template.name}»`}
            onClick={onEdit}
          >
            <PencilSquareIcon className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Удалить шаблон «${template.name}»`}
            onClick={onDelete}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
        {template.fields.length > 0 && (
          <ul aria-label="Поля" className="flex flex-wrap gap-1.5 text-xs">
            {template.fields.map((field) => (
              <li key={field.key} className="rounded-md bg-indigo-50 px-2 py-0.5 text-indigo-900">
                {field.name}
                {field.required && <span aria-label="обязательное"> *</span>}{' '}
                <span className="text-indigo-600">({REQUEST_FIELD_TYPE_LABELS[field.type]})</span>
              </li>
            ))}
          </ul>
        )}
        {template.steps.length > 0 && (
          <ol aria-label="Маршрут" className="flex flex-col gap-1 text-sm text-zinc-700">
            {template.steps.map((step, index) => (
              <li key={index}>
                <span className="font-medium">{`${index + 1}. ${step.name}`}</span>
                {` — ${APPROVAL_MODE_LABELS[step.mode].toLowerCase()}: `}
                {step.approvers.map((a) => a.name).join(', ')}
                {step.deadline_days ? ` · ${pluralize(step.deadline_days, DAYS)}` : ''}
              </li>
            ))}
          </ol>
        )}
      </Card>
    </li>
  );
}

const DAYS = { one: 'день', few: 'дня', many: 'дней' };

/** `/settings/request-templates`, for admins (the route guard): all of it is editable. */
export function RequestTemplatesScreen() {
  const templates = useRequestTemplates();
  const remove = useDeleteRequestTemplate();
  const [editing, setEditing] = useState<TRequestTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRequestTemplate | null>(null);

  return (
    <SettingsPage
      title="Шаблоны заявок"
      description="Что руководитель заполняет в заявке на подбор и кто её согласует."
      actions={
        editing === null && (
          <Button onClick={() => setEditing('new')}>
            <PlusIcon className="size-4" aria-hidden="true" />
            Новый шаблон
          </Button>
        )
      }
    >
      {editing !== null ? (
        <TemplateEditor
          key={editing === 'new' ? 'new' : editing.id}
          template={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : !templates.data ? (
        <LoadState
          isError={templates.isError}
          loadingLabel="Загрузка шаблонов"
          errorText="Не удалось загрузить шаблоны заявок"
          onRetry={() => void templates.refetch()}
        />
      ) : templates.data.length === 0 ? (
        <EmptyState
          icon={<DocumentCheckIcon />}
          title="Шаблонов заявок пока нет"
          description="Добавьте поля, которые руководители заполняют в заявке, и маршрут согласования."
        />
      ) : (
        <ul aria-label="Шаблоны заявок" className="flex flex-col gap-3">
          {templates.data.map((template) => (
            <TemplateCard
              key={template.id}
              template={template}
              onEdit={() => setEditing(template)}
              onDelete={() => setDeleting(template)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Удалить шаблон «${deleting?.name ?? ''}»?`}
        description="Заявки, уже созданные по нему, сохранятся."
        confirmLabel="Удалить"
        destructive
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove.mutateAsync(deleting.id).then(() => setDeleting(null));
        }}
      />
    </SettingsPage>
  );
}
