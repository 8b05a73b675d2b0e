import { ExclamationTriangleIcon } from '@heroicons/react/24/outline';
import type { TDoubleMatch } from '@ats/contracts/duplicates';
import { DoubleApplicantSummary } from './double-applicant-summary';
import { DoubleLevelBadge, DoubleReasons } from './double-level-badge';

type Props = {
  matches: TDoubleMatch[];
  /** In a card's edit form rather than the create form: the advice differs. */
  editing?: boolean;
};

/**
 * 'Похожие кандидаты' above the save button: who in the base may be this person and why.
 * Saving stays possible; each card opens in a new tab so the form keeps what was typed.
 */
export function SimilarApplicantsPanel({ matches, editing = false }: Props) {
  if (matches.length === 0) return null;
  const certain = matches.some((m) => m.level === 'certain');
  return (
    <section
      aria-label="Похожие кандидаты"
      aria-live="polite"
      className={
        certain
          ? 'rounded-xl bg-red-50/60 p-4 ring-1 ring-red-200'
          : 'rounded-xl bg-amber-50/60 p-4 ring-1 ring-amber-200'
      }
    >
      <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-900">
        <ExclamationTriangleIcon
          className={certain ? 'size-5 text-red-600' : 'size-5 text-amber-600'}
          aria-hidden="true"
        />
        Похожие кандидаты
      </h3>
      <p className="mt-1 text-sm text-zinc-600">
        {editing
          ? 'С этими данными кандидат похож на другие карточки базы. После сохранения их можно сравнить и объединить.'
          : 'Возможно, этот человек уже есть в базе. Проверьте, прежде чем создавать новую карточку.'}
      </p>
      <ul className="mt-3 flex flex-col gap-3">
        {matches.map((match) => (
          <li
            key={match.applicant.id}
            className="flex flex-col gap-2 rounded-lg bg-white p-3 ring-1 ring-zinc-200"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <DoubleApplicantSummary applicant={match.applicant} newTab />
              <DoubleLevelBadge level={match.level} score={match.score} />
            </div>
            <DoubleReasons reasons={match.reasons} />
          </li>
        ))}
      </ul>
    </section>
  );
}
