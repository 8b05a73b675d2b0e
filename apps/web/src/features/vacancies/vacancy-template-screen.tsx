import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import type { TVacancyTemplate } from '@ats/contracts/vacancies';
import { isBlankRichText } from '../../shared/rich-text/rich-text-sanitize';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useUpdateVacancyTemplate, useVacancyTemplate } from './vacancies.queries';
import { VacancyForm } from './vacancy-form';
import { CreateVacancyDialog } from './vacancy-form-dialog';
import {
  formValuesOfTemplate,
  RICH_TEXT_SECTIONS,
  ZVacancyTemplateForm,
} from './vacancy-form-schema';
import { formatDays, formatSalary } from './vacancy-format';
import { canCreateVacancy, canManageTemplates } from './vacancy-permissions';
import { VacancySection } from './vacancy-section';

/** `/vacancy/template/{id}`: a template to look at, edit and start vacancies from. */
export function VacancyTemplateScreen({ id }: { id: number }) {
  const template = useVacancyTemplate(id);
  useDocumentTitle(template.data ? `Шаблон: ${template.data.name}` : 'Шаблон вакансии');
  if (template.isPending && template.fetchStatus !== 'idle') {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Загрузка шаблона" />
      </div>
    );
  }
  if (template.isError) {
    return <EmptyState title="Не удалось загрузить шаблон" description={template.error.message} />;
  }
  if (!template.data) {
    // Also an id that is not a number: the query never runs.
    return (
      <EmptyState
        title="Шаблон не найден"
        description="Его удалили, или он из другого аккаунта."
        action={
          <Link to="/" className={buttonClassName('secondary')}>
            К вакансиям
          </Link>
        }
      />
    );
  }
  return <TemplatePage template={template.data} />;
}

function TemplatePage({ template }: { template: TVacancyTemplate }) {
  const me = useCurrentUser();
  const [editing, setEditing] = useState(false);
  const [creating, setCreating] = useState(false);
  const update = useUpdateVacancyTemplate(template.id);
  const values = useMemo(() => formValuesOfTemplate(template), [template]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5">
      <PageHeader
        title={template.name}
        description="Шаблон вакансии"
        actions={
          !editing && (
            <div className="flex gap-2">
              {canCreateVacancy(me) && (
                <Button onClick={() => setCreating(true)}>Создать вакансию по шаблону</Button>
              )}
              {canManageTemplates(me) && (
                <Button variant="secondary" onClick={() => setEditing(true)}>
                  Редактировать
                </Button>
              )}
            </div>
          )
        }
      />
      {editing ? (
        <VacancySection title="Редактирование шаблона">
          <VacancyForm
            mode="template"
            values={values}
            submitLabel="Сохранить шаблон"
            onCancel={() => setEditing(false)}
            onSubmit={async (form) => {
              const result = await update.mutateAsync(ZVacancyTemplateForm.parse(form));
              if (result.ok) setEditing(false);
              return result;
            }}
          />
        </VacancySection>
      ) : (
        <TemplateView template={template} />
      )}
      {creating && (
        <CreateVacancyDialog open templateId={template.id} onClose={() => setCreating(false)} />
      )}
    </div>
  );
}

function TemplateView({ template }: { template: TVacancyTemplate }) {
  const salary = formatSalary(template.salary_from, template.salary_to, template.currency);
  const filled = RICH_TEXT_SECTIONS.filter((s) => !isBlankRichText(template[s.name]));
  return (
    <>
      <VacancySection title="Поля вакансии">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-zinc-500">Должность</dt>
            <dd className="text-zinc-900">{template.position || '—'}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Зарплата</dt>
            <dd className="text-zinc-900">{salary ?? 'не указана'}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Нужно нанять</dt>
            <dd className="text-zinc-900">{template.needed ?? 1}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Срок закрытия</dt>
            <dd className="text-zinc-900">
              {template.days_until_deadline == null
                ? '—'
                : formatDays(template.days_until_deadline)}
            </dd>
          </div>
          {template.additional_fields_list.map((field, index) => (
            <div key={`${field.name}-${index}`}>
              <dt className="text-zinc-500">{field.name}</dt>
              <dd className="text-zinc-900">{field.value == null ? '—' : String(field.value)}</dd>
            </div>
          ))}
        </dl>
      </VacancySection>
      <VacancySection title="Описание">
        {filled.length === 0 ? (
          <p className="text-sm text-zinc-500">Описание не заполнено.</p>
        ) : (
          <div className="flex flex-col gap-5">
            {filled.map((section) => (
              <section key={section.name} aria-label={section.label}>
                <h3 className="mb-1 text-sm font-semibold text-zinc-500">{section.label}</h3>
                <RichTextView html={template[section.name] ?? ''} />
              </section>
            ))}
          </div>
        )}
      </VacancySection>
      {template.stages.length > 0 && (
        <VacancySection title="Этапы">
          <ol aria-label="Этапы шаблона" className="flex flex-wrap gap-2">
            {[...template.stages]
              .sort((a, b) => a.order - b.order)
              .map((stage) => (
                <li
                  key={`${stage.order}-${stage.name}`}
                  className="inline-flex items-center gap-1.5 rounded-full bg-zinc-100 px-2.5 py-1 text-sm text-zinc-800"
                >
                  <span
                    aria-hidden="true"
                    className="size-2 rounded-full"
                    style={{ backgroundColor: stage.color }}
                  />
                  {stage.name}
                </li>
              ))}
          </ol>
        </VacancySection>
      )}
    </>
  );
}
