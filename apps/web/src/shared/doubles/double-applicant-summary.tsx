import { Link } from 'react-router';
import type { TDoubleApplicant } from '@ats/contracts/duplicates';
import { formatPhone } from '@ats/contracts/phone';
import { ApplicantAvatar } from '../applicant/applicant-avatar';
import { applicantName, formatIsoDate, formatShortDate } from '../format/applicant-format';

type Props = {
  applicant: TDoubleApplicant;
  /** Opens the card in a new tab, so the form or list being worked on stays as it is. */
  newTab?: boolean;
  /** Adds the position, company, city, source and creation date. */
  detailed?: boolean;
};

/** Enough of an applicant to tell two people apart: name, contacts and, in lists, the rest. */
export function DoubleApplicantSummary({ applicant, newTab = false, detailed = false }: Props) {
  const name = applicantName(applicant);
  const contacts = [formatPhone(applicant.phone), applicant.email, applicant.tg].filter(Boolean);
  const facts = [
    applicant.birthday ? `д.р. ${formatIsoDate(applicant.birthday)}` : '',
    ...(detailed
      ? [
          [applicant.position, applicant.company].filter(Boolean).join(' · '),
          applicant.city ?? '',
          applicant.source_name ? `источник: ${applicant.source_name}` : '',
          `добавлен ${formatShortDate(applicant.created_at)}`,
        ]
      : [applicant.city ?? '']),
  ].filter(Boolean);
  return (
    <div className="flex min-w-0 items-start gap-3">
      <ApplicantAvatar {...applicant} />
      <div className="min-w-0">
        <Link
          to={`/applicant/${applicant.id}`}
          className="font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {name}
        </Link>
        {applicant.is_archived && <span className="ml-2 text-xs text-zinc-500">в архиве</span>}
        {contacts.length > 0 && (
          <p className="text-sm break-words text-zinc-700">{contacts.join(' · ')}</p>
        )}
        {facts.length > 0 && <p className="text-xs text-zinc-500">{facts.join(' · ')}</p>}
      </div>
    </div>
  );
}
