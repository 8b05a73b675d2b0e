import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  ArrowsRightLeftIcon,
  Bars2Icon,
  PencilSquareIcon,
  PlusIcon,
  TrashIcon,
} from '@heroicons/react/24/outline';
import type { TDivision } from '@ats/contracts/divisions';
import { cx } from '@ats/ui/class-names';
import { iconButton } from '@ats/ui/button';
import { ItemIcon } from '../../shared/icons/item-icon';

export type DivisionActions = {
  onAddChild: (division: TDivision) => void;
  onRename: (division: TDivision) => void;
  onMove: (division: TDivision) => void;
  onDelete: (division: TDivision) => void;
};

/**
 * One division: a drop target (dropping another division here puts it inside) with a drag
 * handle and its actions; its children follow in a nested list.
 */
export function DivisionRow({
  division,
  canEdit,
  actions,
}: {
  division: TDivision;
  canEdit: boolean;
  actions: DivisionActions;
}) {
  const {
    attributes,
    listeners,
    setNodeRef: setDragRef,
    isDragging,
  } = useDraggable({ id: `division-${division.id}`, data: { division }, disabled: !canEdit });
  const { setNodeRef: setDropRef, isOver } = useDroppable({
    id: `into-${division.id}`,
    data: { parentId: division.id },
  });
  return (
    <li aria-label={division.name} data-division-id={division.id}>
      <div
        ref={setDropRef}
        className={cx(
          'flex items-center gap-2 rounded-lg px-2 py-1.5 ring-1 ring-transparent transition-colors',
          isOver && !isDragging && 'bg-indigo-50 ring-indigo-300',
          isDragging && 'opacity-50',
        )}
      >
        {canEdit && (
          <button
            type="button"
            ref={setDragRef}
            {...listeners}
            {...attributes}
            aria-label={`Перетащить «${division.name}»`}
            className={cx(iconButton, 'cursor-grab touch-none')}
          >
            <Bars2Icon className="size-4" aria-hidden="true" />
          </button>
        )}
        <span className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-medium text-zinc-900">
          <ItemIcon name={division.icon} className="text-zinc-500" />
          <span className="truncate">{division.name}</span>
        </span>
        {canEdit && (
          <span className="flex shrink-0 items-center gap-0.5">
            <button
              type="button"
              className={iconButton}
              title="Добавить подразделение внутрь"
              aria-label={`Добавить подразделение в «${division.name}»`}
              onClick={() => actions.onAddChild(division)}
            >
              <PlusIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              title="Изменить название и иконку"
              aria-label={`Изменить «${division.name}»`}
              onClick={() => actions.onRename(division)}
            >
              <PencilSquareIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={iconButton}
              title="Переместить в…"
              aria-label={`Переместить «${division.name}» в…`}
              onClick={() => actions.onMove(division)}
            >
              <ArrowsRightLeftIcon className="size-4" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={cx(iconButton, 'hover:text-red-600')}
              title="Удалить"
              aria-label={`Удалить «${division.name}»`}
              onClick={() => actions.onDelete(division)}
            >
              <TrashIcon className="size-4" aria-hidden="true" />
            </button>
          </span>
        )}
      </div>
      {division.children.length > 0 && (
        <ul className="ml-5 border-l border-zinc-200 pl-2">
          {division.children.map((child) => (
            <DivisionRow key={child.id} division={child} canEdit={canEdit} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The drop target for «верхний уровень»: a division dropped here loses its parent. */
export function TopLevelDropZone() {
  const { setNodeRef, isOver } = useDroppable({ id: 'top-level', data: { parentId: null } });
  return (
    <div
      ref={setNodeRef}
      data-testid="divisions-top-level"
      className={cx(
        'rounded-lg border border-dashed px-3 py-3 text-center text-sm',
        isOver ? 'border-indigo-400 bg-indigo-50 text-indigo-700' : 'border-zinc-300 text-zinc-500',
      )}
    >
      Перетащите сюда, чтобы сделать подразделение верхнего уровня
    </div>
  );
}
