import { useState } from 'react';
import {
  IMPORT_MATCH_ACTION_LABELS,
  type TImportField,
  type TImportMatchAction,
  type TImportRowMatch,
} from '@ats/contracts/applicant-import';
import { Button } from '@ats/ui/button';
import { Select } from '@ats/ui/select';
import { applicantName } from '../../shared/format/applicant-format';
import { DoubleApplicantSummary } from '../../shared/doubles/double-applicant-summary';
import { DoubleReasons } from '../../shared/doubles/double-level-badge';
import { pluralize } from '../../shared/format/plurals';
import { useStartImport } from './import.queries';

/** A row's choice: `merge:<id>` (into that applicant), `skip` or `create`. */
type Choice = `merge:${number}` | 'skip' | 'create';

const choiceFor = (row: TImportRowMatch, action: TImportMatchAction): Choice =>
  action === 'merge' ? `merge:${row.matches[0]!.applicant.id}` : action;

/** The start request's part for the rows: each row's choice, the applicant to merge into. */
export function rowActionsOf(rows: TImportRowMatch[], choices: Record<number, Choice>) {
  return rows.map((row) => {
    const choice = choices[row.line] ?? choiceFor(row, 'merge');
    if (choice.startsWith('merge:')) {
      return { line: row.line, action: 'merge' as const, applicant_id: Number(choice.slice(6)) };
    }
    return { line: row.line, action: choice as 'skip' | 'create' };
  });
}

type Props = {
  id: number;
  fields: (TImportField | null)[];
  rows: TImportRowMatch[];
  onStarted: () => void;
  onBack: () => void;
};

const ROW_FORMS = { one: 'строка совпадает', few: 'строки совпадают', many: 'строк совпадают' };

/**
 * Rows of the file that match applicants already in the base: each with the applicant(s) it
 * matches and why, and a choice per row (or one for all): merge, skip or create anyway.
 */
export function ImportMatches({ id, fields, rows, onStarted, onBack }: Props) {
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const start = useStartImport(id);

  const setAll = (action: TImportMatchAction) =>
    setChoices(Object.fromEntries(rows.map((row) => [row.line, choiceFor(row, action)])));

  const submit = async () => {
    setServerError(null);
    // Rows that match nobody now are created; the ones listed go as chosen.
    const result = await start.mutateAsync({
      fields,
      on_match: 'create',
      row_actions: rowActionsOf(rows, choices),
    });
    if (result.ok) onStarted();
    else setServerError(result.message);
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="text-sm text-zinc-700">
        {pluralize(rows.length, ROW_FORMS)} с кандидатами, которые уже есть в базе. Выберите, что с
        ними сделать: объединить (поля из файла запишутся в карточку), пропустить или всё равно
        создать нового кандидата.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1.5 text-sm font-medium text-zinc-800">
          Для всех совпадений
          <Select
            value=""
            onChange={(e) => {
              if (e.target.value) setAll(e.target.value as TImportMatchAction);
            }}
          >
            <option value="">Выбрать для всех…</option>
            {(['merge', 'skip', 'create'] as const).map((action) => (
              <option key={action} value={action}>
                {IMPORT_MATCH_ACTION_LABELS[action]}
              </option>
            ))}
          </Select>
        </label>
      </div>
      <ul
        aria-label="Совпадения с базой"
        className="max-h-[50dvh] divide-y divide-zinc-100 overflow-y-auto rounded-lg ring-1 ring-zinc-200"
      >
        {rows.map((row) => {
          const contacts = [row.phone, row.email].filter(Boolean).join(' · ');
          const choice = choices[row.line] ?? choiceFor(row, 'merge');
          return (
            <li
              key={row.line}
              aria-label={`Строка ${row.line}: ${row.name}`}
              className="flex flex-col gap-2 px-3 py-3"
            >
              <p className="text-sm">
                <span className="font-medium text-zinc-900">
                  Строка {row.line}: {row.name}
                </span>
                {contacts && <span className="text-zinc-600"> · {contacts}</span>}
              </p>
              {row.matches.map((match) => (
                <div key={match.applicant.id} className="flex flex-col gap-1 pl-3">
                  <span className="text-xs text-zinc-500">Похож на кандидата в базе:</span>
                  <DoubleApplicantSummary applicant={match.applicant} newTab />
                  <DoubleReasons reasons={match.reasons} />
                </div>
              ))}
              <Select
                aria-label={`Что сделать со строкой ${row.line}`}
                value={choice}
                onChange={(e) =>
                  setChoices((current) => ({ ...current, [row.line]: e.target.value as Choice }))
                }
              >
                {row.matches.map((match) => (
                  <option key={match.applicant.id} value={`merge:${match.applicant.id}`}>
                    {row.matches.length > 1
                      ? `Объединить с «${applicantName(match.applicant)}»`
                      : IMPORT_MATCH_ACTION_LABELS.merge}
                  </option>
                ))}
                <option value="skip">{IMPORT_MATCH_ACTION_LABELS.skip}</option>
                <option value="create">{IMPORT_MATCH_ACTION_LABELS.create}</option>
              </Select>
            </li>
          );
        })}
      </ul>
      {serverError && (
        <p role="alert" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-100 pt-4">
        <Button variant="secondary" onClick={onBack}>
          Назад к столбцам
        </Button>
        <Button type="submit" loading={start.isPending}>
          Импортировать
        </Button>
      </div>
    </form>
  );
}
