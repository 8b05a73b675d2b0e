import { DocumentCheckIcon } from '@heroicons/react/24/outline';
import {
  APPROVAL_MODE_LABELS,
  REQUEST_FIELD_TYPE_LABELS,
  type TRequestTemplate,
} from '@ats/contracts/vacancy-applications';
import { pluralize } from '../../shared/format/plurals';
import {
  useDeleteRequestTemplate,
  useRequestTemplates,
} from '../../shared/requests/request-templates-queries';
import { CollectionPage } from '../../shared/settings/collection-page';
import { TemplateEditor } from './template-editor';

const FIELDS = { one: 'поле', few: 'поля', many: 'полей' };
const STEPS = { one: 'шаг', few: 'шага', many: 'шагов' };

const DAYS = { one: 'день', few: 'дня', many: 'дней' };

/** `/settings/request-templates`, for admins (the route guard): all of it is editable. */
export function RequestTemplatesScreen() {
  const templates = useRequestTemplates();
  const remove = useDeleteRequestTemplate();
  return (
    <CollectionPage<TRequestTemplate>
      title="Шаблоны заявок"
      description="Что руководитель заполняет в заявке на подбор и кто её согласует."
      newLabel="Новый шаблон"
      listLabel="Шаблоны заявок"
      items={templates}
      loadingLabel="Загрузка шаблонов"
      errorText="Не удалось загрузить шаблоны заявок"
      empty={{
        icon: <DocumentCheckIcon />,
        title: 'Шаблонов заявок пока нет',
        description:
          'Добавьте поля, которые руководители заполняют в заявке, и маршрут согласования.',
      }}
      editLabel="Изменить шаблон"
      deleteLabel="Удалить шаблон"
      renderSummary={(template) =>
        `${pluralize(template.fields.length, FIELDS)} · ${
          template.steps.length ? pluralize(template.steps.length, STEPS) : 'без согласования'
        }`
      }
      renderDetails={(template) => (
        <>
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
        </>
      )}
      renderEditor={(template, onDone) => <TemplateEditor template={template} onDone={onDone} />}
      confirmDelete={{
        title: (template) => `Удалить шаблон «${template.name}»?`,
        description: 'Заявки, уже созданные по нему, сохранятся.',
        pending: remove.isPending,
        remove: (template) => remove.mutateAsync(template.id),
      }}
    />
  );
}
