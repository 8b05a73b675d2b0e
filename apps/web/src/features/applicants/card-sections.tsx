import { BriefcaseIcon } from '@heroicons/react/24/outline';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import type { TApplicant } from '@ats/contracts/applicants';
import { personDisplayName } from '@ats/contracts/person-name';
import { ItemIcon } from '../../shared/icons/item-icon';
import {
  formatDateTime,
  formatExperience,
  formatIsoDate,
  formatSalary,
  formatWorkPeriod,
} from '../../shared/format/applicant-format';
import {
  useAccountSources,
  useCountries,
  useDriverLicenses,
  useLanguageLevels,
  useLanguages,
  useRecruiters,
} from '../../shared/applicant/applicant-references.queries';
import { RejectDialog, type RejectRequest } from '../../shared/pipeline/reject-dialog';
import { ApplicationActions } from './card-application-actions';
import { JobSiteStateLine, lastChangeOf } from './card-job-site-state';
import { useJobSiteStates } from './applicants.queries';
import { PlaceOnVacancyDialog } from './place-on-vacancy-dialog';
import { ContactsForm, LongTextForm, ResumeLinksForm, SalaryForm, SkillsForm } from './card-forms';
import type { LongTextField } from './card-form-schemas';
import { useCardEditing } from './card-access';
import { CardSection, Facts, Muted } from './card-section';
import { applicantContacts, CONTACT_LABELS, ContactLink, linkHref } from './contact-links';
import { applicantKeys } from '../../shared/query-keys';

type Props = { applicant: TApplicant };

export function ContactsSection({ applicant }: Props) {
  const contacts = applicantContacts(applicant);
  return (
    <CardSection
      title="Контакты"
      renderForm={(done) => <ContactsForm applicant={applicant} onDone={done} />}
    >
      {contacts.length === 0 ? (
        <Muted>Контактов нет</Muted>
      ) : (
        <Facts
          items={contacts.map((c) => [
            `${CONTACT_LABELS[c.type] ?? c.type}${c.preferred ? ' (предпочтительно)' : ''}`,
            <ContactLink key={c.value} type={c.type} value={c.value} />,
          ])}
        />
      )}
    </CardSection>
  );
}

export function ResumeLinksSection({ applicant }: Props) {
  return (
    <CardSection
      title="Ссылки на резюме"
      renderForm={(done) => <ResumeLinksForm applicant={applicant} onDone={done} />}
    >
      {applicant.resume_urls.length === 0 ? (
        <Muted>Ссылок нет</Muted>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {applicant.resume_urls.map((url) => {
            const href = linkHref(url);
            return (
              <li key={url} className="min-w-0 break-words">
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="text-indigo-700 hover:underline"
                  >
                    {url}
                  </a>
                ) : (
                  url
                )}
              </li>
            );
          })}
        </ul>
      )}
    </CardSection>
  );
}

export function ExperienceSection({ applicant }: Props) {
  return (
    <CardSection title="Опыт работы">
      {applicant.total_experience ? (
        <p className="mb-3 text-sm text-zinc-600">
          Общий опыт: {formatExperience(applicant.total_experience)}
        </p>
      ) : null}
      {applicant.experience.length === 0 ? (
        <Muted>Места работы не указаны</Muted>
      ) : (
        <ol className="flex flex-col gap-4">
          {applicant.experience.map((job, index) => (
            <li key={index} className="border-l-2 border-indigo-200 pl-4">
              <p className="font-medium text-zinc-900">{job.position || 'Должность не указана'}</p>
              <p className="text-sm text-zinc-600">{job.company}</p>
              <p className="text-xs text-zinc-500">{formatWorkPeriod(job)}</p>
              {job.description && (
                <p className="mt-1 text-sm whitespace-pre-line text-zinc-700">{job.description}</p>
              )}
              {job.skills.length > 0 && (
                <p className="mt-1 text-xs text-zinc-500">Навыки: {job.skills.join(', ')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}

export function EducationSection({ applicant }: Props) {
  return (
    <CardSection title="Образование">
      {applicant.education.length === 0 ? (
        <Muted>Образование не указано</Muted>
      ) : (
        <ul className="flex flex-col gap-3">
          {applicant.education.map((item, index) => (
            <li key={index}>
              <p className="font-medium text-zinc-900">{item.name || 'Учебное заведение'}</p>
              <p className="text-sm text-zinc-600">
                {[item.level, item.speciality, item.form].filter(Boolean).join(' · ')}
              </p>
              {(item.date_start || item.date_end) && (
                <p className="text-xs text-zinc-500">
                  {formatIsoDate(item.date_start)} — {formatIsoDate(item.date_end) || '…'}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

export function SkillsSection({ applicant }: Props) {
  return (
    <CardSection
      title="Навыки"
      renderForm={(done) => <SkillsForm applicant={applicant} onDone={done} />}
    >
      {applicant.skills.length === 0 ? (
        <Muted>Навыки не указаны</Muted>
      ) : (
        <ul className="flex flex-wrap gap-1.5">
          {applicant.skills.map((skill) => (
            <li
              key={skill}
              className="rounded-full bg-zinc-100 px-2.5 py-0.5 text-xs text-zinc-800"
            >
              {skill}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function LongTextSection({
  applicant,
  field,
  title,
  empty,
}: Props & { field: LongTextField; title: string; empty: string }) {
  const text = applicant[field];
  return (
    <CardSection
      title={title}
      renderForm={(done) => (
        <LongTextForm applicant={applicant} field={field} label={title} onDone={done} />
      )}
    >
      {text ? (
        <p className="text-sm whitespace-pre-line text-zinc-800">{text}</p>
      ) : (
        <Muted>{empty}</Muted>
      )}
    </CardSection>
  );
}

export function AboutSection({ applicant }: Props) {
  return <LongTextSection applicant={applicant} field="about_me" title="О себе" empty="Пусто" />;
}

/** What an import or a résumé could not place, for the recruiter to tidy up. */
export function UnidentifiedSection({ applicant }: Props) {
  return (
    <LongTextSection
      applicant={applicant}
      field="unidentified_info"
      title="Нераспознанная информация"
      empty="Всё распознано"
    />
  );
}

export function LanguagesSection({ applicant }: Props) {
  const { data: languages = [] } = useLanguages();
  const { data: levels = [] } = useLanguageLevels();
  return (
    <CardSection title="Языки">
      {applicant.languages.length === 0 ? (
        <Muted>Языки не указаны</Muted>
      ) : (
        <Facts
          items={applicant.languages.map((l) => [
            languages.find((x) => x.id === l.language_id)?.name ?? `Язык №${l.language_id}`,
            levels.find((x) => x.id === l.language_level_id)?.name ?? 'уровень не указан',
          ])}
        />
      )}
    </CardSection>
  );
}

export function LicensesSection({ applicant }: Props) {
  const { data: licenses = [] } = useDriverLicenses();
  return (
    <CardSection title="Водительские права">
      {applicant.driver_licenses.length === 0 && applicant.has_vehicle === null ? (
        <Muted>Не указаны</Muted>
      ) : (
        <Facts
          items={[
            [
              'Категории',
              applicant.driver_licenses
                .map((d) => {
                  const name = licenses.find((x) => x.id === d.driver_license_id)?.name;
                  const years = d.driver_experience ? `, стаж ${d.driver_experience} г.` : '';
                  return `${name ?? `№${d.driver_license_id}`}${years}`;
                })
                .join('; '),
            ],
            [
              'Личный автомобиль',
              applicant.has_vehicle === null ? '' : applicant.has_vehicle ? 'есть' : 'нет',
            ],
          ]}
        />
      )}
    </CardSection>
  );
}

export function SalarySection({ applicant }: Props) {
  return (
    <CardSection
      title="Зарплата"
      renderForm={(done) => <SalaryForm applicant={applicant} onDone={done} />}
    >
      <p className="text-lg font-medium text-zinc-900">
        {formatSalary(applicant.money, applicant.currency) || (
          <span className="text-sm font-normal text-zinc-500">Не указана</span>
        )}
      </p>
    </CardSection>
  );
}

export function SourceSection({ applicant }: Props) {
  const { data: sources = [] } = useAccountSources();
  const { data: users = [] } = useRecruiters();
  const { data: countries = [] } = useCountries();
  const known = sources.find((s) => s.id === applicant.account_source_id);
  const sourceName = applicant.source_name ?? known?.name;
  const source = sourceName ? (
    <span className="inline-flex items-center gap-1.5">
      <ItemIcon name={applicant.source_icon ?? known?.icon} className="text-zinc-500" />
      {sourceName}
    </span>
  ) : null;
  const recruiter = users.find((u) => u.id === applicant.admin_user_id);
  return (
    <CardSection title="Источник">
      <Facts
        items={[
          ['Источник резюме', source],
          ['Ответственный', recruiter ? personDisplayName(recruiter) : ''],
          ['Страна', countries.find((c) => c.id === applicant.country)?.name],
          ['Гражданство', applicant.citizenship.join(', ')],
          // source_add is when the applicant came into the base (the clients' field name).
          ['Добавлен в базу', formatDateTime(applicant.source_add)],
        ]}
      />
    </CardSection>
  );
}

/** The vacancies the applicant is on, each with its stage and the moves the caller may make. */
export function VacanciesSection({ applicant }: Props) {
  const [placing, setPlacing] = useState(false);
  const [rejecting, setRejecting] = useState<RejectRequest | null>(null);
  const queryClient = useQueryClient();
  const editable = useCardEditing();
  const siteStates = useJobSiteStates(applicant.id);
  return (
    <CardSection
      title="Вакансии и этапы"
      actions={
        editable && (
          <Button size="sm" variant="ghost" onClick={() => setPlacing(true)}>
            <BriefcaseIcon className="size-4" aria-hidden="true" />
            Добавить на вакансию
          </Button>
        )
      }
    >
      {applicant.vacancies.length === 0 ? (
        <Muted>Кандидат пока не добавлен ни на одну вакансию.</Muted>
      ) : (
        <ul className="flex flex-col gap-3 text-sm">
          {applicant.vacancies.map((v) => (
            <li key={v.vacancy_id} className="flex flex-wrap items-center justify-between gap-2">
              <Link
                to={`/vacancy/${v.vacancy_id}/candidates`}
                className="text-indigo-700 hover:underline"
              >
                {v.vacancy_name}
              </Link>
              <span
                className="inline-flex items-center gap-1.5 text-zinc-600"
                data-testid="application-stage"
              >
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full"
                  style={{ backgroundColor: v.status_color ?? '#A1A1AA' }}
                />
                <ItemIcon name={v.status_icon} className="text-zinc-500" />
                {v.status_name ?? 'этап не указан'}
                {v.reject_reason_name && (
                  <span className="text-zinc-500">({v.reject_reason_name})</span>
                )}
              </span>
              <ApplicationActions
                applicant={applicant}
                placement={v}
                onReject={(target, kind) => setRejecting({ target, kind })}
              />
              <JobSiteStateLine change={lastChangeOf(siteStates.data ?? [], v.application_id)} />
            </li>
          ))}
        </ul>
      )}
      <RejectDialog request={rejecting} onClose={() => setRejecting(null)} />
      <PlaceOnVacancyDialog
        open={placing}
        onClose={() => setPlacing(false)}
        applicantIds={[applicant.id]}
        onPlaced={() => void queryClient.invalidateQueries({ queryKey: applicantKeys.all })}
      />
    </CardSection>
  );
}
