import type {
  TApprovalMode,
  TCreateRequestTemplate,
  TRequestFieldType,
  TRequestTemplate,
} from '@ats/contracts/vacancy-applications';

// A template being edited: what its inputs hold. `uid` names a row in the list (focus, React
// keys) before and after it moves; the request sent is built by `requestOf` and checked with the
// contract, so the editor and the API say the same Russian words.

export type FieldDraft = {
  uid: string;
  /** As typed; blank means «made from the name». */
  key: string;
  name: string;
  type: TRequestFieldType;
  required: boolean;
  /** The choices of a `choice` field, one a line. */
  options: string;
};

export type ApproverDraft =
  | { type: 'user'; user_id: number; name: string }
  | { type: 'email'; email: string; name: string }
  | { type: 'division_head' };

export type StepDraft = {
  uid: string;
  name: string;
  mode: TApprovalMode;
  deadline_days: string;
  approvers: ApproverDraft[];
};

export type TemplateDraft = {
  name: string;
  description: string;
  fields: FieldDraft[];
  steps: StepDraft[];
};

let lastUid = 0;
const newUid = () => `row-${++lastUid}`;

export const newField = (): FieldDraft => ({
  uid: newUid(),
  key: '',
  name: '',
  type: 'text',
  required: false,
  options: '',
});

export const newStep = (index: number): StepDraft => ({
  uid: newUid(),
  name: `Шаг ${index + 1}`,
  mode: 'any',
  deadline_days: '',
  approvers: [],
});

export function draftOf(template: TRequestTemplate | null): TemplateDraft {
  if (!template) return { name: '', description: '', fields: [], steps: [] };
  return {
    name: template.name,
    description: template.description ?? '',
    fields: template.fields.map((field) => ({
      uid: newUid(),
      key: field.key,
      name: field.name,
      type: field.type,
      required: field.required,
      options: field.options.join('\n'),
    })),
    steps: template.steps.map((step) => ({
      uid: newUid(),
      name: step.name,
      mode: step.mode,
      deadline_days: step.deadline_days == null ? '' : String(step.deadline_days),
      approvers: step.approvers.map((approver): ApproverDraft => {
        if (approver.type === 'user' && approver.user_id !== null) {
          return { type: 'user', user_id: approver.user_id, name: approver.name };
        }
        if (approver.type === 'email') {
          return {
            type: 'email',
            email: approver.email ?? '',
            name: approver.name === approver.email ? '' : approver.name,
          };
        }
        return { type: 'division_head' };
      }),
    })),
  };
}

// prettier-ignore
const LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y',
  к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f',
  х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
};

/** «Причина открытия» → `prichina_otkrytiya`: the key a field gets when none is typed. */
export function keyFromName(name: string): string {
  const latin = [...name.toLowerCase()].map((char) => LATIN[char] ?? char).join('');
  const key = latin
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 60);
  if (!key) return 'field';
  return /^[a-z]/.test(key) ? key : `f_${key}`.slice(0, 60);
}

/** Every field's key: the typed one, else one made from its name, unique in the template. */
export function keysOf(fields: FieldDraft[]): string[] {
  const typed = new Set(fields.map((f) => f.key.trim()).filter(Boolean));
  const taken = new Set<string>();
  return fields.map((field) => {
    const own = field.key.trim();
    if (own) {
      taken.add(own);
      return own;
    }
    const base = keyFromName(field.name);
    let key = base;
    for (let n = 2; taken.has(key) || typed.has(key); n += 1) key = `${base}_${n}`;
    taken.add(key);
    return key;
  });
}

/** Moves the item at `from` to `to` (both inside the list). */
export function move<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

const deadlineOf = (text: string) => {
  const compact = text.replace(/\s/g, '');
  return compact ? Number(compact) : null;
};

export function requestOf(draft: TemplateDraft): TCreateRequestTemplate {
  const keys = keysOf(draft.fields);
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    fields: draft.fields.map((field, index) => ({
      key: keys[index]!,
      name: field.name.trim(),
      type: field.type,
      required: field.required,
      options:
        field.type === 'choice'
          ? field.options
              .split('\n')
              .map((option) => option.trim())
              .filter(Boolean)
          : [],
    })),
    steps: draft.steps.map((step) => ({
      name: step.name.trim(),
      mode: step.mode,
      deadline_days: deadlineOf(step.deadline_days),
      approvers: step.approvers.map((approver) =>
        approver.type === 'user'
          ? { type: 'user' as const, user_id: approver.user_id }
          : approver.type === 'email'
            ? {
                type: 'email' as const,
                email: approver.email.trim(),
                name: approver.name.trim() || null,
              }
            : { type: 'division_head' as const },
      ),
    })),
  };
}
