import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { EyeIcon, PlusIcon } from '@heroicons/react/24/outline';
import { type FormEvent, useState } from 'react';
import {
  type TCriterion,
  type TEvaluationForm,
  ZEvaluationFormRequest,
} from '@ats/contracts/evaluations';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Textarea } from '@ats/ui/textarea';
import { type AnswerDrafts, AnswerFields } from './answer-fields';
import { CriterionEditor } from './criterion-editor';
import { useSaveForm } from './evaluations.queries';
import { type FormDraft, draftOf, move, newCriterion, requestOf } from './form-draft';

const DRAG_TEXTS = {
  screenReaderInstructions: {
    draggable:
      'Нажмите пробел, чтобы взять критерий, стрелками вверх и вниз выберите место, пробелом отпустите, Escape — отмена. Без перетаскивания: кнопки «Выше» и «Ниже».',
  },
  announcements: {
    onDragStart: () => 'Критерий взят',
    onDragOver: () => 'Критерий над новым местом',
    onDragEnd: () => 'Критерий отпущен',
    onDragCancel: () => 'Перемещение отменено',
  },
};

/** The draft as the answer form would show it (ids are positions: nothing is saved). */
const previewCriteria = (draft: FormDraft): TCriterion[] =>
  draft.criterions.map((c, i) => ({
    id: i + 1,
    name: c.name.trim() || `Критерий ${i + 1}`,
    criterion_type: c.criterion_type,
    order: i,
    options: c.options.filter((o) => o.trim()),
    scale_min: c.criterion_type === 'scale' ? c.scale_min : null,
    scale_max: c.criterion_type === 'scale' ? c.scale_max : null,
    min_label: c.min_label || null,
    max_label: c.max_label || null,
    is_required: c.is_required,
  }));

type Props = { form: TEvaluationForm | null; onDone: () => void };

/** Builds or edits a form: name, description, criteria in order, and a preview of the result. */
export function FormBuilder({ form, onDone }: Props) {
  const [draft, setDraft] = useState(() => draftOf(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [previewing, setPreviewing] = useState(false);
  const [previewAnswers, setPreviewAnswers] = useState<AnswerDrafts>({});
  const save = useSaveForm(form?.id ?? null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const criteria = draft.criterions;
  const setCriteria = (next: FormDraft['criterions']) => setDraft({ ...draft, criterions: next });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = criteria.findIndex((c) => c.key === active.id);
    const to = criteria.findIndex((c) => c.key === over.id);
    setCriteria(move(criteria, from, to));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(draft);
    const parsed = ZEvaluationFormRequest.safeParse(request);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]).reverse()),
      );
      return;
    }
    const result = await save.mutateAsync(request);
    if (result.ok) onDone();
    else setErrors(result.errors ?? {});
  };

  return (
    <Card className="p-5">
      <form
        onSubmit={submit}
        noValidate
        aria-label="Конструктор формы"
        className="flex flex-col gap-4"
      >
        <Field label="Название формы" required error={errors.name}>
          {(control) => (
            <Input
              {...control}
              value={draft.name}
              placeholder="Например: Техническое интервью"
              onChange={(e) => setDraft({ ...draft, name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Описание" error={errors.description}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
            />
          )}
        </Field>
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-semibold text-zinc-900">Критерии</h3>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={() => setPreviewing(!previewing)}
          >
            <EyeIcon className="size-4" aria-hidden="true" />
            {previewing ? 'Скрыть предпросмотр' : 'Предпросмотр'}
          </Button>
        </div>
        {errors.criterions && (
          <p role="alert" className="text-sm text-red-600">
            {errors.criterions}
          </p>
        )}
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={DRAG_TEXTS}
        >
          <SortableContext
            items={criteria.map((c) => c.key)}
            strategy={verticalListSortingStrategy}
          >
            <ol aria-label="Критерии формы" className="flex flex-col gap-2">
              {criteria.map((c, index) => (
                <CriterionEditor
                  key={c.key}
                  criterion={c}
                  index={index}
                  count={criteria.length}
                  errorOf={(field) => errors[field]}
                  onChange={(next) =>
                    setCriteria(criteria.map((x) => (x.key === c.key ? next : x)))
                  }
                  onMove={(to) => setCriteria(move(criteria, index, to))}
                  onRemove={() => setCriteria(criteria.filter((x) => x.key !== c.key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
        <Button
          type="button"
          variant="secondary"
          className="w-fit"
          onClick={() => setCriteria([...criteria, newCriterion()])}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          Добавить критерий
        </Button>
        {previewing && (
          <section
            aria-label="Предпросмотр формы"
            className="rounded-lg border border-dashed border-zinc-300 p-4"
          >
            <p className="mb-3 text-xs text-zinc-500">
              Так форму увидит тот, кто оценивает кандидата.
            </p>
            <AnswerFields
              preview
              criteria={previewCriteria(draft)}
              drafts={previewAnswers}
              onChange={(id, answer) => setPreviewAnswers((all) => ({ ...all, [id]: answer }))}
            />
          </section>
        )}
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending}>
            Сохранить форму
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Отмена
          </Button>
        </div>
      </form>
    </Card>
  );
}
