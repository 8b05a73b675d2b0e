import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TVacancy } from '@ats/contracts/vacancies';
import { isBlankRichText } from '../../shared/rich-text/rich-text-sanitize';
import { RichTextView } from '../../shared/rich-text/rich-text-view';
import { RICH_TEXT_SECTIONS } from './vacancy-form-schema';
import { deadlineOf, formatDays, formatIsoDate, formatSalary } from './vacancy-format';
import { VacancySection } from './vacancy-section';

/** The rich-text sections that have text, each under its heading. */
export function VacancyDescription({ vacancy }: { vacancy: TVacancy }) {
  const filled = RICH_TEXT_SECTIONS.filter((section) => !isBlankRichText(vacancy[section.name]));
  return (
    <VacancySection title="Описание вакансии">
      {filled.length === 0 ? (
        <p className="text-sm text-zinc-500">Описание пока не заполнено.</p>
      ) : (
        <div className="flex flex-col gap-5">
          {filled.map((section) => (
            <section key={section.name} aria-label={section.label}>
              <h3 className="mb-1 text-sm font-semibold text-zinc-500">{section.label}</h3>
              <RichTextView html={vacancy[section.name] ?? ''} />
            </section>
          ))}
        </div>
      )}
    </VacancySection>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="text-right text-zinc-900">{children}</dd>
    </div>
  );
}

export function VacancyDetails({ vacancy }: { vacancy: TVacancy }) {
  const salary = formatSalary(vacancy.salary_from, vacancy.salary_to, vacancy.currency);
  const deadline = vacancy.state === 'closed' ? null : deadlineOf(vacancy.date_will_close);
  return (
    <VacancySection title="Условия">
      <dl className="divide-y divide-zinc-100">
        <Row label="Зарплата">{salary ?? 'не указана'}</Row>
        <Row label="Нужно нанять">
          {vacancy.hired} из {vacancy.needed}
        </Row>
        <Row label="Кандидатов">{vacancy.count_applicants}</Row>
        <Row label="Приоритет">{vacancy.priority || 'обычный'}</Row>
        {vacancy.city && <Row label="Город">{vacancy.city}</Row>}
        {vacancy.date_will_close && (
          <Row label="Закрыть до">{formatIsoDate(vacancy.date_will_close)}</Row>
        )}
        {vacancy.days_until_deadline != null && (
          <Row label="Срок закрытия">{formatDays(vacancy.days_until_deadline)}</Row>
        )}
        <Row label="В этом состоянии">{formatDays(vacancy.days_on_status)}</Row>
        {vacancy.is_hidden && <Row label="Видимость">скрытая</Row>}
        {vacancy.vacancy_application_id != null && (
          <Row label="Открыта по заявке">
            <Link
              to={`/requests/${vacancy.vacancy_application_id}`}
              className="text-indigo-700 hover:underline"
            >
              Заявка на подбор
            </Link>
          </Row>
        )}
        {vacancy.additional_fields_list.map((field, index) => (
          <Row key={`${field.name}-${index}`} label={field.name}>
            {field.value == null || field.value === '' ? '—' : String(field.value)}
          </Row>
        ))}
      </dl>
      {deadline && (
        <p
          role={deadline.overdue ? 'alert' : undefined}
          className={
            deadline.overdue
              ? 'mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700'
              : 'mt-3 text-sm text-zinc-500'
          }
        >
          {deadline.text}
        </p>
      )}
    </VacancySection>
  );
}

function People({ title, people }: { title: string; people: TVacancy['owners'] }) {
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium text-zinc-500">{title}</h3>
      {people.length === 0 ? (
        <p className="text-sm text-zinc-500">никого</p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-1 text-sm text-zinc-900">
          {people.map((person) => (
            <li key={person.id}>{person.name}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function VacancyTeam({ vacancy }: { vacancy: TVacancy }) {
  return (
    <VacancySection title="Команда">
      <div className="flex flex-col gap-3">
        <People title="Ответственные" people={vacancy.owners} />
        <People title="Наблюдатели" people={vacancy.watchers} />
        {vacancy.author && (
          <p className="text-xs text-zinc-500">Создал(а): {vacancy.author.name}</p>
        )}
      </div>
    </VacancySection>
  );
}
