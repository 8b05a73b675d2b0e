import type {
  TCriterionType,
  TEvaluationForm,
  TEvaluationFormRequest,
} from '@ats/contracts/evaluations';

/** A criterion being edited; `key` identifies it in the list (drag, focus) before it has an id. */
export type CriterionDraft = {
  key: string;
  id?: number;
  name: string;
  criterion_type: TCriterionType;
  options: string[];
  scale_min: number;
  scale_max: number;
  min_label: string;
  max_label: string;
  is_required: boolean;
};

export type FormDraft = { name: string; description: string; criterions: CriterionDraft[] };

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

export const hasOptions = (type: TCriterionType) => type === 'pick_one' || type === 'pick_few';

export function newCriterion(type: TCriterionType = 'scale'): CriterionDraft {
  return {
    key: newKey(),
    name: '',
    criterion_type: type,
    options: hasOptions(type) ? ['', ''] : [],
    scale_min: 1,
    scale_max: 5,
    min_label: '',
    max_label: '',
    is_required: false,
  };
}

export function draftOf(form: TEvaluationForm | null): FormDraft {
  if (!form) return { name: '', description: '', criterions: [newCriterion()] };
  return {
    name: form.name,
    description: form.description ?? '',
    criterions: form.criterions.map((c) => ({
      key: `id-${c.id}`,
      id: c.id,
      name: c.name,
      criterion_type: c.criterion_type,
      options: c.options,
      scale_min: c.scale_min ?? 1,
      scale_max: c.scale_max ?? 5,
      min_label: c.min_label ?? '',
      max_label: c.max_label ?? '',
      is_required: c.is_required,
    })),
  };
}

/** Changing the type keeps what still fits: options for choices, the scale for a scale. */
export function retype(criterion: CriterionDraft, type: TCriterionType): CriterionDraft {
  const options =
    hasOptions(type) && criterion.options.length < 2
      ? [...criterion.options, '', ''].slice(0, Math.max(2, criterion.options.length))
      : criterion.options;
  return { ...criterion, criterion_type: type, options };
}

/** Moves the item at `from` to `to` (both inside the list). */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What the server is sent: only the fields that the criterion's type uses. */
export function requestOf(draft: FormDraft): TEvaluationFormRequest {
  return {
    name: draft.name,
    description: draft.description || null,
    criterions: draft.criterions.map((c) => ({
      ...(c.id !== undefined && { id: c.id }),
      name: c.name,
      criterion_type: c.criterion_type,
      is_required: c.is_required,
      ...(hasOptions(c.criterion_type) && { options: c.options.map((o) => o.trim()) }),
      ...(c.criterion_type === 'scale' && {
        scale_min: c.scale_min,
        scale_max: c.scale_max,
        min_label: c.min_label || null,
        max_label: c.max_label || null,
      }),
    })),
  };
}
