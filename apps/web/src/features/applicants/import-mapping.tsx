import { useState } from 'react';
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type TApplicantImport,
  type TImportField,
  type TImportRowMatch,
} from '@ats/contracts/applicant-import';
import { Button } from '@ats/ui/button';
import { Select } from '@ats/ui/select';
import { useImportMatches, useStartImport } from './import.queries';

const SKIP = '';
const NAME_FIELDS: TImportField[] = ['full_name', 'last_name', 'first_name'];

/** What stops the mapping from starting, the same rules the server applies; null when none. */
export function mappingProblem(fields: (TImportField | null)[]): string | null {
  const chosen = fields.filter((field): field is TImportField => field !== null);
  if (new Set(chosen).size !== chosen.length) return IMPORT_MESSAGES.mappingDuplicate;
  if (!chosen.some((field) => NAME_FIELDS.includes(field))) return IMPORT_MESSAGES.mappingNeedsName;
  return null;
}

type Props = {
  item: TApplicantImport;
  onStarted: () => void;
  /** Rows match applicants in the base: the recruiter decides about them before the start. */
  onMatches: (fields: (TImportField | null)[], rows: TImportRowMatch[]) => void;
  onBack: () => void;
};

/** One line per column of the file: its name, a few values, and the field it fills. */
export function ImportMapping({ item, onStarted, onMatches, onBack }: Props) {
  const [fields, setFields] = useState(item.fields);
  const [serverError, setServerError] = useState<string | null>(null);
  const start = useStartImport(item.id);
  const matches = useImportMatches(item.id);
  const problem = mappingProblem(fields);

  const submit = async () => {
    setServerError(null);
    const found = await matches.mutateAsync(fields);
    if (!found.ok) {
      setServerError(found.message);
      return;
    }
    if (found.data.rows.length > 0) {
      onMatches(fields, found.data.rows);
      return;
    }
    const result = await start.mutateAsync({ fields });
    if (result.ok) onStarted();
    else setServerError(result.message);
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) void submit();
      }}
    >
      <p className="text-sm text-zinc-600">
        Файл «{item.file_name}»: строк с данными — {item.total.toLocaleString('ru-RU')}. Выберите
        поле кандидата для каждого столбца.
      </p>
      <div className="relative overflow-x-auto rounded-lg ring-1 ring-zinc-200">
        <table className="w-full text-left text-sm">
          <thead className="bg-zinc-50 text-xs text-zinc-500 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Столбец файла
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Примеры
              </th>
              <th scope="col" className="w-56 px-3 py-2 font-medium">
                Поле кандидата
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100">
            {item.columns.map((column, index) => (
              <tr key={index}>
                <th scope="row" className="px-3 py-2 font-medium text-zinc-900">
                  {column}
                </th>
                <td className="max-w-64 px-3 py-2 text-zinc-600">
                  <span className="line-clamp-2 break-words">
                    {item.sample_rows
                      .map((row) => row[index])
                      .filter(Boolean)
                      .join(' · ') || '—'}
                  </span>
                </td>
                <td className="px-3 py-2">
                  <Select
                    aria-label={`Поле для столбца «${column}»`}
                    value={fields[index] ?? SKIP}
                    onChange={(e) => {
                      const value = e.target.value;
                      setFields((current) =>
                        current.map((field, i) =>
                          i === index ? (value === SKIP ? null : (value as TImportField)) : field,
                        ),
                      );
                    }}
                  >
                    <option value={SKIP}>не импортировать</option>
                    {IMPORT_FIELDS.map((field) => (
                      <option key={field} value={field}>
                        {IMPORT_FIELD_LABELS[field]}
                      </option>
                    ))}
                  </Select>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {(problem ?? serverError) && (
        <p role="alert" className="text-sm text-red-600">
          {problem ?? serverError}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-zinc-100 pt-4">
        <Button variant="secondary" onClick={onBack}>
          Другой файл
        </Button>
        <Button type="submit" disabled={!!problem} loading={matches.isPending || start.isPending}>
          {matches.isPending ? 'Ищем совпадения с базой…' : 'Начать импорт'}
        </Button>
      </div>
    </form>
  );
}
