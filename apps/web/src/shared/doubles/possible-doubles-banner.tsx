import { DocumentDuplicateIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import { applicantName } from '../format/applicant-format';
import { compareUrl } from './compare-url';
import { DoubleLevelBadge } from './double-level-badge';
import { useApplicantDoubles } from './doubles.queries';

const SHOWN = 3;

/** 'Возможные дубли: N' on the card, each with a link to compare it side by side. */
export function PossibleDoublesBanner({ applicantId }: { applicantId: number }) {
  const doubles = useApplicantDoubles(applicantId);
  const items = doubles.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Возможные дубли"
      className="mb-4 flex flex-wrap items-start gap-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
    >
      <DocumentDuplicateIcon className="mt-0.5 size-5 text-amber-600" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">Возможные дубли: {items.length}</p>
        <ul className="mt-1 flex flex-col gap-1">
          {items.slice(0, SHOWN).map((match) => (
            <li key={match.applicant.id} className="flex flex-wrap items-center gap-2">
              <Link
                to={compareUrl(applicantId, match.applicant.id)}
                className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                Сравнить с «{applicantName(match.applicant)}»
              </Link>
              <DoubleLevelBadge level={match.level} score={match.score} />
            </li>
          ))}
        </ul>
        {items.length > SHOWN && (
          <Link
            to="/applicant/doubles"
            className="mt-1 inline-block text-indigo-700 hover:underline"
          >
            Все дубликаты
          </Link>
        )}
      </div>
    </section>
  );
}
