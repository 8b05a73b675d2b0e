import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TRequest, TRequestTemplate } from '@ats/contracts/vacancy-applications';
import { formatIsoDate } from '../../shared/format/applicant-format';
import { isBlankRichText } from '../../shared/rich-text/rich-text-sanitize';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { formatDay, formatRequestSalary } from './request-format';
import { RequestSection } from './request-section';

const RICH_TEXT = [
  { name: 'body', label: 'Описание' },
  { name: 'requirements', label: 'Требования' },
  { name: 'conditions', label: 'Условия' },
  { name: 'information', label: 'Дополнительная информация' },
] as const;

type RequestFile = TRequest['files'][number];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-1.5 text-sm sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="break-words text-zinc-900">{children}</dd>
    </div>
  );
}

function FileLink({ file }: { file: RequestFile }) {
  return (
    <a href={file.url} download={file.file_name} className="text-indigo-700 hover:underline">
      {file.file_name}
    </a>
  );
}

/** A company field's value as the reader sees it: a date in Russian form, a file as its link. */
function TemplateValue({
  field,
  value,
  files,
}: {
  field: TRequestTemplate['fields'][number] | undefined;
  value: string | number | null;
  files: RequestFile[];
}) {
  if (value === null || value === '') return <span className="text-zinc-400">—</span>;
  if (field?.type === 'file') {
    const file = files.find((f) => f.id === Number(value));
    return file ? <FileLink file={file} /> : <span className="text-zinc-400">Файл удалён</span>;
  }
  if (field?.type === 'date' && typeof value === 'string') return <>{formatIsoDate(value)}</>;
  return <>{String(value)}</>;
}

/**
 * The request's standard fields, the company's own (named by the template when it is known) and
 * its files as download links.
 */
export function RequestFields({
  request,
  template,
}: {
  request: TRequest;
  template: TRequestTemplate | null | undefined;
}) {
  const salary = formatRequestSalary(request);
  const fieldOf = (key: string) => template?.fields.find((field) => field.key === key);
  // The template's order first; a value whose field has gone from the template comes last.
  const keys = [
    ...(template?.fields.map((field) => field.key) ?? []).filter(
      (key) => key in request.template_values,
    ),
    ...Object.keys(request.template_values).filter((key) => !fieldOf(key)),
  ];
  const ownFiles = request.files.filter((file) => file.field_key === null);
  const richText = RICH_TEXT.filter((section) => !isBlankRichText(request[section.name]));
  return (
    <RequestSection title="Заявка">
      <dl className="divide-y divide-zinc-100">
        <Row label="Должность">{request.position}</Row>
        {salary && <Row label="Зарплата">{salary}</Row>}
        <Row label="Сколько нужно нанять">{request.needed}</Row>
        {request.date_will_close && (
          <Row label="Закрыть до">{formatIsoDate(request.date_will_close)}</Row>
        )}
        {request.priority > 0 && <Row label="Приоритет">{request.priority}</Row>}
        {request.account_division && (
          <Row label="Подразделение">{request.account_division.name}</Row>
        )}
        <Row label="Автор">{request.author.name}</Row>
        {request.template_name && <Row label="Шаблон">{request.template_name}</Row>}
        <Row label="Создана">{formatDay(request.created_at)}</Row>
        {request.additional_fields_list.map((field, index) => (
          <Row key={`additional-${index}`} label={field.name}>
            {String(field.value ?? '—')}
          </Row>
        ))}
        {keys.map((key) => (
          <Row key={key} label={fieldOf(key)?.name ?? key}>
            <TemplateValue
              field={fieldOf(key)}
              value={request.template_values[key] ?? null}
              files={request.files}
            />
          </Row>
        ))}
        {ownFiles.length > 0 && (
          <Row label="Файлы">
            <ul className="flex flex-col gap-1">
              {ownFiles.map((file) => (
                <li key={file.id}>
                  <FileLink file={file} />
                </li>
              ))}
            </ul>
          </Row>
        )}
        {request.vacancy_id && (
          <Row label="Вакансия">
            <Link to={`/vacancy/${request.vacancy_id}`} className="text-indigo-700 hover:underline">
              Открыть вакансию
            </Link>
          </Row>
        )}
      </dl>
      {richText.length > 0 && (
        <div className="mt-4 flex flex-col gap-4">
          {richText.map((section) => (
            <section key={section.name} aria-label={section.label}>
              <h3 className="mb-1 text-sm font-semibold text-zinc-500">{section.label}</h3>
              <RichTextView html={request[section.name] ?? ''} />
            </section>
          ))}
        </div>
      )}
      {(request.description || request.comment) && (
        <div className="mt-4 flex flex-col gap-2 text-sm whitespace-pre-line text-zinc-700">
          {request.description && <p>{request.description}</p>}
          {request.comment && <p>{request.comment}</p>}
        </div>
      )}
    </RequestSection>
  );
}
