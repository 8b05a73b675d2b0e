import type { TAnswerInput, TCriterion } from '@ats/contracts/evaluations';
import { MAX_EVALUATION_FILE_BYTES } from '@ats/contracts/evaluations';
import { UPLOAD_ACCEPT } from '@ats/contracts/files';
import { Textarea } from '@ats/ui/textarea';
import { cx } from '@ats/ui/class-names';
import { dataUrlOversize, fileOversize } from '../../shared/format/upload-size';

/** What the person evaluating has entered for one criterion. */
export type AnswerDraft = {
  value: string | string[] | number | null;
  comment: string;
  file?: { dataUrl: string; name: string } | null;
  /** On edit: the file already attached, kept unless replaced. */
  keptFileName?: string | null;
  fileError?: string | null;
};
export type AnswerDrafts = Record<number, AnswerDraft>;

const EMPTY: AnswerDraft = { value: null, comment: '' };

/** The result of one answer as the API takes it, by the criterion's type. */
function resultOf(type: TCriterion['criterion_type'], d: AnswerDraft): TAnswerInput['result'] {
  switch (type) {
    case 'pick_one':
    case 'text':
      return { criterion_type: type, result: (d.value as string | null) ?? null };
    case 'pick_few':
      return { criterion_type: type, result: (d.value as string[] | null) ?? [] };
    case 'scale':
      return { criterion_type: type, result: (d.value as number | null) ?? null };
    case 'add_file':
      return d.file
        ? { criterion_type: type, file: d.file.dataUrl, file_name: d.file.name }
        : { criterion_type: type, keep: !!d.keptFileName };
  }
}

/** The answers as the API takes them; unanswered criteria are left out. */
export function answersOf(criteria: TCriterion[], drafts: AnswerDrafts): TAnswerInput[] {
  return criteria.flatMap((c): TAnswerInput[] => {
    const d = drafts[c.id];
    if (!d) return [];
    return [
      {
        criterion_id: c.id,
        comment: d.comment.trim() || null,
        result: resultOf(c.criterion_type, d),
      },
    ];
  });
}

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type Props = {
  criteria: TCriterion[];
  drafts: AnswerDrafts;
  onChange: (criterionId: number, draft: AnswerDraft) => void;
  errors?: Record<string, string>;
  /** The builder's preview: the fields show, nothing is kept. */
  preview?: boolean;
};

/** One field per criterion, of the kind its type asks for, with an optional comment. */
export function AnswerFields({ criteria, drafts, onChange, errors = {}, preview = false }: Props) {
  return (
    <ol className="flex flex-col gap-5">
      {criteria.map((c, index) => {
        const draft = drafts[c.id] ?? EMPTY;
        const set = (patch: Partial<AnswerDraft>) => onChange(c.id, { ...draft, ...patch });
        const error = errors[`criterions.${c.id}`];
        const legendId = `criterion-${c.id}-${index}`;
        return (
          <li key={c.id}>
            <fieldset aria-labelledby={legendId} className="flex flex-col gap-2">
              <legend id={legendId} className="text-sm font-medium text-zinc-900">
                {c.name}
                {c.is_required && (
                  <span className="text-red-600" aria-label="обязательно">
                    {' '}
                    *
                  </span>
                )}
              </legend>
              <CriterionInput criterion={c} draft={draft} set={set} />
              {!preview && (
                <Textarea
                  rows={1}
                  aria-label={`Комментарий: ${c.name}`}
                  placeholder="Комментарий"
                  value={draft.comment}
                  onChange={(e) => set({ comment: e.target.value })}
                />
              )}
              {error && (
                <p role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              )}
            </fieldset>
          </li>
        );
      })}
    </ol>
  );
}

function CriterionInput({
  criterion: c,
  draft,
  set,
}: {
  criterion: TCriterion;
  draft: AnswerDraft;
  set: (patch: Partial<AnswerDraft>) => void;
}) {
  if (c.criterion_type === 'scale') {
    const min = c.scale_min ?? 1;
    const max = c.scale_max ?? 5;
    const points = Array.from({ length: max - min + 1 }, (_, i) => min + i);
    return (
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        {c.min_label && <span>{c.min_label}</span>}
        <div role="radiogroup" aria-label={c.name} className="flex flex-wrap gap-1">
          {points.map((point) => (
            <button
              key={point}
              type="button"
              role="radio"
              aria-checked={draft.value === point}
              aria-label={`${c.name}: ${point}`}
              onClick={() => set({ value: draft.value === point ? null : point })}
              className={cx(
                'min-w-9 rounded-md px-2 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-indigo-600',
                draft.value === point
                  ? 'bg-indigo-600 text-white ring-indigo-600'
                  : 'bg-white text-zinc-800 ring-zinc-300 hover:bg-zinc-50',
              )}
            >
              {point}
            </button>
          ))}
        </div>
        {c.max_label && <span>{c.max_label}</span>}
      </div>
    );
  }
  if (c.criterion_type === 'pick_one' || c.criterion_type === 'pick_few') {
    const several = c.criterion_type === 'pick_few';
    const chosen = several ? ((draft.value as string[] | null) ?? []) : [draft.value as string];
    return (
      <div className="flex flex-wrap gap-x-4 gap-y-1.5">
        {c.options.map((option) => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-zinc-800">
            <input
              type={several ? 'checkbox' : 'radio'}
              name={`criterion-${c.id}`}
              checked={chosen.includes(option)}
              onChange={(e) =>
                set({
                  value: several
                    ? e.target.checked
                      ? c.options.filter((o) => o === option || chosen.includes(o))
                      : chosen.filter((o) => o !== option)
                    : option,
                })
              }
              className="size-4 accent-indigo-600"
            />
            {option}
          </label>
        ))}
      </div>
    );
  }
  if (c.criterion_type === 'text') {
    return (
      <Textarea
        rows={3}
        aria-label={c.name}
        value={(draft.value as string | null) ?? ''}
        onChange={(e) => set({ value: e.target.value })}
      />
    );
  }
  const fileName = draft.file?.name ?? draft.keptFileName;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <input
        type="file"
        aria-label={c.name}
        accept={UPLOAD_ACCEPT}
        className="text-sm"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const refuse = (fileError: string) => {
            e.target.value = '';
            set({ file: null, fileError });
          };
          const tooLarge = fileOversize('Файл', file, MAX_EVALUATION_FILE_BYTES);
          if (tooLarge) return refuse(tooLarge);
          const dataUrl = await readAsDataUrl(file);
          // SPEC.md §9 Base64 size: the data URL the answer carries, measured as the server will.
          const encodedTooLarge = dataUrlOversize('Файл', dataUrl, MAX_EVALUATION_FILE_BYTES);
          if (encodedTooLarge) return refuse(encodedTooLarge);
          set({ file: { dataUrl, name: file.name }, fileError: null });
        }}
      />
      {fileName && <span className="text-zinc-600">Файл: {fileName}</span>}
      {draft.fileError && <span className="text-red-600">{draft.fileError}</span>}
    </div>
  );
}
