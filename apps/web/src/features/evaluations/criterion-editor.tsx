import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  Bars3Icon,
  PlusIcon,
  TrashIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import {
  CRITERION_TYPE_LABELS,
  CRITERION_TYPES,
  type TCriterionType,
} from '@ats/contracts/evaluations';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { type CriterionDraft, hasOptions, retype } from './form-draft';
import { iconButton } from '@ats/ui/button';

type Props = {
  criterion: CriterionDraft;
  index: number;
  count: number;
  errorOf: (field: string) => string | undefined;
  onChange: (next: CriterionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One criterion of the builder: name, type, options or scale, required; drag or arrows to move. */
export function CriterionEditor({
  criterion: c,
  index,
  count,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: Props) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: c.key });
  const label = c.name.trim() || `Критерий ${index + 1}`;
  const set = (patch: Partial<CriterionDraft>) => onChange({ ...c, ...patch });
  const error = (field: string) => errorOf(`criterions.${index}.${field}`);
  return (
    <li
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
      }}
      aria-label={label}
      className="flex gap-2 rounded-lg border border-zinc-200 bg-white p-3"
    >
      <div className="flex flex-col items-center gap-1">
        <button
          type="button"
          className={`${iconButton} cursor-grab`}
          aria-label={`Перетащить: ${label}`}
          {...attributes}
          {...listeners}
        >
          <Bars3Icon className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={`Выше: ${label}`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          <ArrowUpIcon className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={iconButton}
          aria-label={`Ниже: ${label}`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          <ArrowDownIcon className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_13rem]">
          <Input
            aria-label={`Название критерия ${index + 1}`}
            placeholder="Например: Коммуникация"
            value={c.name}
            invalid={!!error('name')}
            onChange={(e) => set({ name: e.target.value })}
          />
          <Select
            aria-label={`Тип критерия ${index + 1}`}
            value={c.criterion_type}
            onChange={(e) => onChange(retype(c, e.target.value as TCriterionType))}
          >
            {CRITERION_TYPES.map((type) => (
              <option key={type} value={type}>
                {CRITERION_TYPE_LABELS[type]}
              </option>
            ))}
          </Select>
        </div>
        {error('name') && (
          <p role="alert" className="text-xs text-red-600">
            {error('name')}
          </p>
        )}
        {hasOptions(c.criterion_type) && (
          <OptionsEditor
            criterion={c}
            index={index}
            set={set}
            error={error('options') ?? c.options.map((_, i) => error(`options.${i}`)).find(Boolean)}
          />
        )}
        {c.criterion_type === 'scale' && (
          <div className="grid grid-cols-[auto_5rem_minmax(0,1fr)] items-center gap-2 text-sm text-zinc-700 sm:grid-cols-[auto_5rem_minmax(0,1fr)_auto_5rem_minmax(0,1fr)]">
            <span>От</span>
            <Input
              type="number"
              aria-label={`Низ шкалы ${index + 1}`}
              min={0}
              max={99}
              value={c.scale_min}
              onChange={(e) => set({ scale_min: Number(e.target.value) })}
            />
            <Input
              aria-label={`Подпись низа ${index + 1}`}
              placeholder="Плохо"
              value={c.min_label}
              onChange={(e) => set({ min_label: e.target.value })}
            />
            <span>до</span>
            <Input
              type="number"
              aria-label={`Верх шкалы ${index + 1}`}
              min={1}
              max={100}
              value={c.scale_max}
              onChange={(e) => set({ scale_max: Number(e.target.value) })}
            />
            <Input
              aria-label={`Подпись верха ${index + 1}`}
              placeholder="Отлично"
              value={c.max_label}
              onChange={(e) => set({ max_label: e.target.value })}
            />
          </div>
        )}
        {error('scale_max') && (
          <p role="alert" className="text-xs text-red-600">
            {error('scale_max')}
          </p>
        )}
        <label className="inline-flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            className="size-4 accent-indigo-600"
            checked={c.is_required}
            onChange={(e) => set({ is_required: e.target.checked })}
          />
          Обязательный
        </label>
      </div>
      <button
        type="button"
        className={`${iconButton} self-start`}
        aria-label={`Удалить критерий: ${label}`}
        disabled={count === 1}
        onClick={onRemove}
      >
        <TrashIcon className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

function OptionsEditor({
  criterion: c,
  index,
  set,
  error,
}: {
  criterion: CriterionDraft;
  index: number;
  set: (patch: Partial<CriterionDraft>) => void;
  error: string | undefined;
}) {
  const change = (i: number, value: string) =>
    set({ options: c.options.map((o, j) => (j === i ? value : o)) });
  return (
    <div className="flex flex-col gap-1.5 pl-1">
      {c.options.map((option, i) => (
        <div key={i} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={
              c.criterion_type === 'pick_one'
                ? 'size-3 rounded-full ring-1 ring-zinc-400'
                : 'size-3 rounded-sm ring-1 ring-zinc-400'
            }
          />
          <Input
            aria-label={`Вариант ${i + 1} критерия ${index + 1}`}
            className="flex-1"
            value={option}
            onChange={(e) => change(i, e.target.value)}
          />
          <button
            type="button"
            className={iconButton}
            aria-label={`Убрать вариант ${i + 1}`}
            disabled={c.options.length <= 2}
            onClick={() => set({ options: c.options.filter((_, j) => j !== i) })}
          >
            <XMarkIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
      <button
        type="button"
        className="inline-flex w-fit items-center gap-1 text-sm text-indigo-700 hover:underline"
        onClick={() => set({ options: [...c.options, ''] })}
      >
        <PlusIcon className="size-4" aria-hidden="true" />
        Добавить вариант
      </button>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
