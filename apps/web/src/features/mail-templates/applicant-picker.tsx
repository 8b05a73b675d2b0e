import { Input } from '@ats/ui/input';
import { useId, useState } from 'react';
import { applicantName } from '../../shared/format/applicant-format';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { useApplicantSearch } from './mail-templates.queries';

export type PickedApplicant = { id: number; name: string };

/** Search the applicant base by name and pick the one the preview is written to. */
export function ApplicantPicker({
  value,
  onChange,
}: {
  value: PickedApplicant | null;
  onChange: (applicant: PickedApplicant | null) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const found = useApplicantSearch(debounced);
  const applicants = found.data?.applicants ?? [];

  if (value) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-lg bg-zinc-50 px-3 py-2 text-sm ring-1 ring-zinc-200">
        <span>
          Кандидат: <strong className="font-medium text-zinc-900">{value.name}</strong>
        </span>
        <button
          type="button"
          className="text-indigo-600 hover:underline"
          onClick={() => onChange(null)}
        >
          Выбрать другого
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        Кандидат для предпросмотра
      </label>
      <Input
        id={id}
        type="search"
        placeholder="Начните вводить имя"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul
        aria-label="Найденные кандидаты"
        className="max-h-48 overflow-auto rounded-lg ring-1 ring-zinc-200"
      >
        {applicants.map((applicant) => (
          <li key={applicant.id}>
            <button
              type="button"
              className="w-full px-3 py-1.5 text-left text-sm hover:bg-indigo-50"
              onClick={() => onChange({ id: applicant.id, name: applicantName(applicant) })}
            >
              {applicantName(applicant)}
              {applicant.position && <span className="text-zinc-500"> · {applicant.position}</span>}
            </button>
          </li>
        ))}
        {!found.isPending && applicants.length === 0 && (
          <li className="px-3 py-1.5 text-sm text-zinc-500">Никого не нашли</li>
        )}
      </ul>
    </div>
  );
}
