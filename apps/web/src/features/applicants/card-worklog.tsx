import type { TApplicantCard } from '@ats/contracts/applicants';
import { CardSection, Muted } from './card-section';
import { formatWorklogEntry } from './worklog-format';

export function WorklogSection({ applicant }: { applicant: TApplicantCard }) {
  const entries = [...applicant.worklog]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(formatWorklogEntry);
  return (
    <CardSection title="История изменений">
      {entries.length === 0 ? (
        <Muted>Изменений пока не было</Muted>
      ) : (
        <ol className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1">
          {entries.map((entry) => (
            <li key={entry.key} className="text-sm">
              <p>
                <span className="font-medium text-zinc-900">{entry.who}</span>{' '}
                <span className="text-zinc-700">{entry.what.toLowerCase()}</span>
              </p>
              <p className="text-xs text-zinc-500">{entry.when}</p>
              {entry.details.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-xs text-zinc-600">
                  {entry.details.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </CardSection>
  );
}
