import { ArrowsRightLeftIcon, NoSymbolIcon } from '@heroicons/react/24/outline';
import { Link } from 'react-router';
import type { TDoubleGroup, TDoublePair } from '@ats/contracts/duplicates';
import { Button, buttonClassName } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { applicantName } from '../../shared/format/applicant-format';
import { DoubleApplicantSummary } from '../../shared/doubles/double-applicant-summary';
import { DoubleLevelBadge, DoubleReasons } from '../../shared/doubles/double-level-badge';
import { useDismissDouble } from './duplicates.queries';
import { compareUrl } from '../../shared/doubles/compare-url';

type Props = { group: TDoubleGroup };

function PairRow({ pair, nameOf }: { pair: TDoublePair; nameOf: (id: number) => string }) {
  const dismiss = useDismissDouble();
  const names = `${nameOf(pair.applicant_id)} и ${nameOf(pair.double_id)}`;
  return (
    <li
      aria-label={`Пара: ${names}`}
      className="flex flex-col gap-2 rounded-lg bg-zinc-50 p-3 ring-1 ring-zinc-200 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 text-sm text-zinc-900">
          <span className="font-medium">{names}</span>
          <DoubleLevelBadge level={pair.level} score={pair.score} />
        </p>
        <DoubleReasons reasons={pair.reasons} />
      </div>
      <div className="flex shrink-0 gap-2">
        <Link
          to={compareUrl(pair.applicant_id, pair.double_id)}
          className={buttonClassName('primary', 'sm')}
        >
          <ArrowsRightLeftIcon className="size-4" aria-hidden="true" />
          Сравнить и объединить
        </Link>
        <Button
          size="sm"
          variant="secondary"
          loading={dismiss.isPending}
          aria-label={`Не дубль: ${names}`}
          onClick={() =>
            dismiss.mutate({ applicant_id: pair.applicant_id, double_id: pair.double_id })
          }
        >
          <NoSymbolIcon className="size-4" aria-hidden="true" />
          Не дубль
        </Button>
      </div>
    </li>
  );
}

/** Applicants linked by pairs of doubles: who they are, then each pair with its actions. */
export function DoubleGroupCard({ group }: Props) {
  const byId = new Map(group.applicants.map((a) => [a.id, a]));
  const nameOf = (id: number) => {
    const applicant = byId.get(id);
    return applicant ? applicantName(applicant) : `Кандидат №${id}`;
  };
  const title = group.applicants.map(applicantName).join(', ');
  return (
    <Card className="p-4">
      <article aria-label={`Группа: ${title}`} className="flex flex-col gap-4">
        <ul className="grid gap-3 sm:grid-cols-2">
          {group.applicants.map((applicant) => (
            <li key={applicant.id}>
              <DoubleApplicantSummary applicant={applicant} detailed />
            </li>
          ))}
        </ul>
        <ul className="flex flex-col gap-2" aria-label="Пары">
          {group.pairs.map((pair) => (
            <PairRow key={`${pair.applicant_id}-${pair.double_id}`} pair={pair} nameOf={nameOf} />
          ))}
        </ul>
      </article>
    </Card>
  );
}
