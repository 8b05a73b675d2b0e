import type { TApplicantCard } from '@ats/contracts/applicants';
import { applicantName } from '../../shared/format/applicant-format';

type Part = { label: string; count: (a: TApplicantCard) => number };

/** Lists that the merge keeps from both sides (MERGE_UNION_PARTS), as the recruiter names them. */
const PARTS: Part[] = [
  { label: 'Контакты', count: (a) => a.contacts.length },
  { label: 'Опыт работы', count: (a) => a.experience.length },
  { label: 'Образование', count: (a) => a.education.length },
  { label: 'Навыки', count: (a) => a.skills.length },
  { label: 'Языки', count: (a) => a.languages.length },
  { label: 'Ссылки на резюме', count: (a) => a.resume_urls.length },
  { label: 'Теги', count: (a) => a.tags.length },
  { label: 'Файлы', count: (a) => a.files.length },
  { label: 'Комментарии', count: (a) => a.comments.length },
  { label: 'История изменений', count: (a) => a.worklog.length },
  { label: 'Вакансии', count: (a) => a.vacancies.length },
];

function VacancyList({ applicant }: { applicant: TApplicantCard }) {
  if (applicant.vacancies.length === 0) return null;
  return (
    <ul className="mt-1 text-xs text-zinc-600">
      {applicant.vacancies.map((v) => (
        <li key={v.application_id}>
          {v.vacancy_name}
          {v.status_name ? ` — ${v.status_name}` : ''} ({applicantName(applicant)})
        </li>
      ))}
    </ul>
  );
}

/** What is kept from both, with counts: nothing in these lists is lost by the merge. */
export function MergeUnionSummary({
  primary,
  secondary,
}: {
  primary: TApplicantCard;
  secondary: TApplicantCard;
}) {
  const rows = PARTS.map((part) => ({
    label: part.label,
    fromPrimary: part.count(primary),
    fromSecondary: part.count(secondary),
  })).filter((row) => row.fromPrimary + row.fromSecondary > 0);
  return (
    <section aria-labelledby="merge-union-title">
      <h2 id="merge-union-title" className="text-base font-semibold text-zinc-900">
        Объединяется из обоих
      </h2>
      <p className="mt-1 text-sm text-zinc-500">
        Эти списки не выбираются: в объединённой карточке останутся записи обоих кандидатов.
      </p>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500">Списков для объединения нет</p>
      ) : (
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]">
          {rows.map((row) => (
            <div key={row.label} className="contents">
              <dt className="text-zinc-600">{row.label}</dt>
              <dd className="text-zinc-900">
                {row.fromPrimary} + {row.fromSecondary} = {row.fromPrimary + row.fromSecondary}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <VacancyList applicant={primary} />
      <VacancyList applicant={secondary} />
    </section>
  );
}
