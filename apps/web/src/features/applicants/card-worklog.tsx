import type { TApplicantCard } from '@ats/contracts/applicants';
import { MergeUndoButton } from '../../shared/doubles/merge-undo-button';
import { CardSection, Muted } from './card-section';
import { formatWorklogEntry } from './worklog-format';
import { useApplicantMerges } from '../../shared/doubles/doubles.queries';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export function WorklogSection({ applicant }: { applicant: TApplicantCard }) {
  const entries = [...applicant.worklog]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(formatWorklogEntry);
  // Whether a merge can still be undone is the server's to say (30 days, not undone yet).
  const hasMerges = entries.some((entry) => entry.mergeId !== undefined);
  const merges = useApplicantMerges(applicant.id, hasMerges);
  const mergeOf = (id: number | undefined) => merges.data?.items.find((merge) => merge.id === id);
  return (
    <CardSection title="История изменений">
      {entries.length === 0 ? (
        <Muted>Изменений пока не было</Muted>
      ) : (
        <ol className="flex max-h-96 flex-col gap-3 overflow-y-auto pr-1">
          {entries.map((entry) => {
            const merge = mergeOf(entry.mergeId);
            return (
              <li key={entry.key} className="text-sm">
                {entry.standalone ? (
                  <>
                    <p className="font-medium text-zinc-900">{entry.what}</p>
                    <p className="text-xs text-zinc-500">
                      {entry.who}, {entry.when}
                    </p>
                  </>
                ) : (
                  <>
                    <p>
                      <span className="font-medium text-zinc-900">{entry.who}</span>{' '}
                      <span className="text-zinc-700">{lowerFirst(entry.what)}</span>
                    </p>
                    <p className="text-xs text-zinc-500">{entry.when}</p>
                  </>
                )}
                {entry.details.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-xs text-zinc-600">
                    {entry.details.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
                {merge && <MergeUndoButton merge={merge} />}
              </li>
            );
          })}
        </ol>
      )}
    </CardSection>
  );
}
