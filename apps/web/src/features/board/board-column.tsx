import { useDroppable } from '@dnd-kit/core';
import { SwatchIcon } from '@heroicons/react/24/outline';
import { useEffect, useRef, useState } from 'react';
import type { TBoardColumn, TRejectKind, TBoardCard } from '@ats/contracts/pipeline';
import { Button, iconButton } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Spinner } from '@ats/ui/spinner';
import { ItemIcon } from '../../shared/icons/item-icon';
import { BoardCard, type CardDensity } from './board-card';
import { columnDropId, formatColumnCount, loadedCards } from './board-columns';
import type { BoardFilterQuery } from './board-filters';
import { useColumnCards } from './board.queries';
import { StageIconDialog } from './stage-icon-dialog';

type Props = {
  vacancyId: number;
  column: TBoardColumn;
  /** The caller may drag cards out of this column. */
  draggable: boolean;
  /** A card dragged now may be dropped here. */
  accepts: boolean;
  density: CardDensity;
  /** The board's search and filters: the column shows only the cards they let through. */
  filters?: BoardFilterQuery;
  /** The vacancy is open, so cards may be rejected (with write rights on the stage). */
  rejectable: boolean;
  onReject: (card: TBoardCard, kind: TRejectKind) => void;
  /** «Назначить встречу» from a card's menu, when the route composed the dialog in. */
  onScheduleMeeting?: ((card: TBoardCard) => void) | undefined;
  /** «Отложить действие» from a card's menu, when the route composed the dialog in. */
  onDelayAction?: ((card: TBoardCard) => void) | undefined;
  /** The caller manages stages (can_manage_status), so may change the stage's icon. */
  canEditStage?: boolean;
};

/** One stage: its colour, name and count, and its cards, the next page loading on scroll. */
export function BoardColumn(props: Props) {
  const { vacancyId, column, draggable, accepts, density, rejectable, onReject } = props;
  const { status } = column;
  const [editingIcon, setEditingIcon] = useState(false);
  const cards = useColumnCards(vacancyId, status.id, props.filters);
  const { setNodeRef, isOver } = useDroppable({
    id: columnDropId(status.id),
    data: { statusId: status.id },
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = cards;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = loadedCards(cards.data);
  const canReject = rejectable && column.can_write && !status.is_reject;
  return (
    <section
      ref={setNodeRef}
      aria-label={`Этап ${status.name}`}
      data-status-id={status.id}
      className={cx(
        'flex max-h-[calc(100vh-12rem)] w-64 shrink-0 flex-col rounded-xl bg-zinc-100/80 ring-1 ring-zinc-200',
        isOver && accepts && 'ring-2 ring-indigo-500',
        status.is_reject && 'bg-zinc-50',
      )}
    >
      <header
        className="flex items-center gap-2 rounded-t-xl border-t-4 px-3 py-2"
        style={{ borderTopColor: status.color }}
      >
        <h2 className="flex min-w-0 flex-1 items-center gap-1.5 text-sm font-semibold text-zinc-900">
          <ItemIcon name={status.icon} className="text-zinc-600" />
          <span className="truncate">{status.name}</span>
        </h2>
        {props.canEditStage && (
          <button
            type="button"
            className={iconButton}
            aria-label={`Иконка этапа «${status.name}»`}
            title="Иконка этапа"
            onClick={() => setEditingIcon(true)}
          >
            <SwatchIcon className="size-4" aria-hidden="true" />
          </button>
        )}
        <span
          className="rounded-full bg-white px-2 text-xs font-medium text-zinc-700 ring-1 ring-zinc-200"
          aria-label={formatColumnCount(column.count)}
          data-testid="column-count"
        >
          {column.count}
        </span>
      </header>
      <div className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto px-2 pb-2">
        {cards.isPending ? (
          <Spinner className="m-auto text-zinc-400" />
        ) : items.length === 0 ? (
          <p className="m-auto text-xs text-zinc-600">Пусто</p>
        ) : (
          items.map((card) => (
            <BoardCard
              key={card.application_id}
              card={card}
              draggable={draggable && !status.is_reject}
              density={density}
              onReject={canReject ? (kind) => onReject(card, kind) : undefined}
              {...(props.onScheduleMeeting
                ? { onScheduleMeeting: () => props.onScheduleMeeting?.(card) }
                : {})}
              {...(props.onDelayAction ? { onDelayAction: () => props.onDelayAction?.(card) } : {})}
            />
          ))
        )}
        {hasNextPage && (
          <div ref={sentinel}>
            <Button
              size="sm"
              variant="ghost"
              className="w-full"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              Показать ещё
            </Button>
          </div>
        )}
      </div>
      {editingIcon && (
        <StageIconDialog
          vacancyId={vacancyId}
          stage={status}
          onClose={() => setEditingIcon(false)}
        />
      )}
    </section>
  );
}
