import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Bars3Icon, PencilSquareIcon, PlusIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import type { TStage } from '@ats/contracts/pipeline';
import { Button, iconButton } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { ItemIcon } from '../../shared/icons/item-icon';
import { MoveButtons } from '../../shared/settings/move-buttons';
import { StageDialog } from './stage-dialog';
import {
  applicantsCount,
  daysCount,
  LAST_VACANCY_STAGE,
  STAGE_HOLDS_APPLICANTS,
  STAGE_STILL_HOLDS,
  useDeleteStage,
  useReorderStages,
  type StageOwner,
} from './stages.queries';

const DRAG_TEXTS = {
  screenReaderInstructions: {
    draggable:
      'Нажмите пробел, чтобы взять этап, стрелками вверх и вниз выберите место, пробелом отпустите, Escape — отмена. Без перетаскивания: кнопки «Поднять» и «Опустить».',
  },
  announcements: {
    onDragStart: () => 'Этап взят',
    onDragOver: () => 'Этап над новым местом',
    onDragEnd: () => 'Этап отпущен',
    onDragCancel: () => 'Перемещение отменено',
  },
};

type Props = {
  stages: TStage[];
  owner: StageOwner;
  /** What the list is of, for its accessible name: «Этапы воронки «Основная»». */
  label: string;
  canEdit: boolean;
  /** Applicants per stage (a vacancy's stages); undefined for a funnel, which holds none. */
  counts?: Map<number, number> | undefined;
};

/** The stages of one funnel or vacancy: their order (drag or buttons), editing, adding, deleting. */
export function StageListEditor({ stages, owner, label, canEdit, counts }: Props) {
  // A new order shows at once, until the list read again from the server (a new `stages`) wins.
  const [moved, setMoved] = useState<{ of: TStage[]; ids: number[] } | null>(null);
  const [editing, setEditing] = useState<TStage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TStage | null>(null);
  const reorder = useReorderStages();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const order = moved?.of === stages ? moved.ids : stages.map((s) => s.id);
  const byId = new Map(stages.map((s) => [s.id, s]));
  const ordered = order.map((id) => byId.get(id)).filter((s): s is TStage => !!s);

  const saveOrder = (next: number[]) => {
    setMoved({ of: stages, ids: next });
    reorder.mutate(next);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = order.indexOf(Number(active.id));
    const to = order.indexOf(Number(over.id));
    if (from < 0 || to < 0) return;
    saveOrder(arrayMove(order, from, to));
  };

  return (
    <div className="flex flex-col gap-3">
      {ordered.length === 0 ? (
        <p className="py-2 text-sm text-zinc-500">Этапов пока нет.</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={DRAG_TEXTS}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <ol aria-label={label} className="flex flex-col gap-2">
              {ordered.map((stage, index) => (
                <StageRow
                  key={stage.id}
                  stage={stage}
                  index={index}
                  ids={order}
                  canEdit={canEdit}
                  count={counts?.get(stage.id)}
                  busy={reorder.isPending}
                  onMove={saveOrder}
                  onEdit={() => setEditing(stage)}
                  onDelete={() => setDeleting(stage)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {canEdit && (
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="w-fit"
          onClick={() => setEditing('new')}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          Добавить этап
        </Button>
      )}
      {editing && (
        <StageDialog
          stage={editing === 'new' ? null : editing}
          owner={owner}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteStageDialog
          stage={deleting}
          count={counts?.get(deleting.id) ?? 0}
          isLastOfVacancy={'vacancy_id' in owner && ordered.length === 1}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}

type RowProps = {
  stage: TStage;
  index: number;
  ids: number[];
  canEdit: boolean;
  count: number | undefined;
  busy: boolean;
  onMove: (ids: number[]) => void;
  onEdit: () => void;
  onDelete: () => void;
};

function StageRow({ stage, index, ids, canEdit, count, busy, onMove, onEdit, onDelete }: RowProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: stage.id,
    disabled: !canEdit,
  });
  const color = `#${stage.color.replace(/^#/, '')}`;
  const facts = [
    stage.is_offer && 'Оффер',
    stage.is_reject && (stage.reject_kind === 'refuse' ? 'Отказ кандидата' : 'Отказ компании'),
    stage.status_type === 'hired' && 'Выход на работу',
    stage.stay_duration != null && `срок ${daysCount(stage.stay_duration)}`,
    stage.evaluation_id != null && 'Форма оценки',
    stage.admin_user_statuses.length > 0 && 'Особые права',
    count !== undefined && count > 0 && applicantsCount(count),
  ].filter((f): f is string => typeof f === 'string');
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={stage.name}
      data-testid="stage-row"
      className={`flex items-center gap-2 rounded-lg border border-zinc-200 bg-white p-2 ${
        isDragging ? 'relative z-10 shadow-md' : ''
      }`}
    >
      {canEdit && (
        <button
          type="button"
          className={`${iconButton} cursor-grab touch-none`}
          aria-label={`Перетащить «${stage.name}»`}
          {...attributes}
          {...listeners}
        >
          <Bars3Icon className="size-4" aria-hidden="true" />
        </button>
      )}
      <span
        className="size-3 shrink-0 rounded-full"
        style={{ backgroundColor: color }}
        data-testid="stage-color"
        data-color={color.toLowerCase()}
        aria-hidden="true"
      />
      <ItemIcon name={stage.icon} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium break-words text-zinc-900" data-testid="stage-name">
          {stage.name}
        </p>
        {facts.length > 0 && (
          <p className="text-xs break-words text-zinc-500" data-testid="stage-facts">
            {facts.join(' · ')}
          </p>
        )}
      </div>
      {canEdit && (
        <div className="flex shrink-0 items-center">
          <MoveButtons name={stage.name} ids={ids} index={index} disabled={busy} onMove={onMove} />
          <button
            type="button"
            className={iconButton}
            aria-label={`Изменить этап «${stage.name}»`}
            title="Изменить"
            onClick={onEdit}
          >
            <PencilSquareIcon className="size-4" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`${iconButton} hover:text-red-600`}
            aria-label={`Удалить этап «${stage.name}»`}
            title="Удалить"
            onClick={onDelete}
          >
            <TrashIcon className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * Asks before deleting; a stage that holds applicants is refused here in plain words, and the
 * same words stand in for the server's refusal (someone placed an applicant meanwhile).
 */
function DeleteStageDialog({
  stage,
  count,
  isLastOfVacancy,
  onClose,
}: {
  stage: TStage;
  count: number;
  isLastOfVacancy: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteStage();
  const [error, setError] = useState<string | null>(null);
  const refusal =
    count > 0
      ? STAGE_HOLDS_APPLICANTS(stage.name, count)
      : isLastOfVacancy
        ? LAST_VACANCY_STAGE
        : null;
  const held = refusal !== null;
  const confirm = async () => {
    const result = await remove.mutateAsync(stage.id);
    if (result.ok) {
      onClose();
      return;
    }
    // In our words, whatever the server said: a 409 is one of the two refusals above.
    const lastOne = /единственный этап/.test(result.message);
    setError(
      result.code !== 409
        ? `Не удалось удалить этап «${stage.name}»: ${result.message}`
        : lastOne
          ? LAST_VACANCY_STAGE
          : STAGE_STILL_HOLDS(stage.name),
    );
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={held ? `Этап «${stage.name}» нельзя удалить` : `Удалить этап «${stage.name}»?`}
      description={refusal ?? 'Кандидатов на этапе нет. Удалённый этап не вернуть.'}
    >
      {error && (
        <p role="alert" className="mb-4 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {held ? (
          <Button onClick={onClose}>Понятно</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Отмена
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => void confirm()}>
              Удалить этап
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
