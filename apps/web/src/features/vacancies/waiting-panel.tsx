import { ClockIcon } from '@heroicons/react/20/solid';
import { Link } from 'react-router';
import type { z } from 'zod';
import type { ZHomeOverdueApplication } from '@ats/contracts/home';
import { formatDays } from './vacancy-format';

type Overdue = z.infer<typeof ZHomeOverdueApplication>;

/** «Кандидаты ждут»: applications kept at a stage longer than it allows, oldest first. */
export function WaitingPanel({ overdue }: { overdue: Overdue[] }) {
  if (overdue.length === 0) {
    return <p className="text-sm text-zinc-500">Все кандидаты укладываются в сроки этапов.</p>;
  }
  return (
    <ul className="flex flex-col divide-y divide-zinc-100">
      {overdue.map((row) => (
        <li key={row.application_id} className="flex items-start gap-3 py-2">
          <ClockIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-500" />
          <div className="min-w-0 text-sm">
            <Link
              to={`/vacancy/${row.vacancy_id}/candidates`}
              className="font-medium text-zinc-900 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {row.applicant_name}
            </Link>
            <p className="text-zinc-500">
              {row.vacancy_position} · {row.status_name}
            </p>
            <p className="text-xs text-amber-700">
              {formatDays(row.days_in_status)} на этапе при норме {formatDays(row.stay_duration)}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
