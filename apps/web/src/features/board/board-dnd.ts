import {
  pointerWithin,
  rectIntersection,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import type { TBoardCard, TBoardColumn } from '@ats/contracts/pipeline';
import { applicantName } from '../../shared/format/applicant-format';
import { columnDropId, neighbourColumn } from './board-columns';

/** The pointer decides under a mouse; for the keyboard the moved card's box does. */
export const boardCollisions: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

export const statusOfDropId = (id: unknown): number | undefined => {
  const match = /^column-(\d+)$/.exec(String(id));
  return match ? Number(match[1]) : undefined;
};

export const cardOf = (data: unknown): TBoardCard | undefined =>
  (data as { current?: { card?: TBoardCard } } | undefined)?.current?.card;

/**
 * ← and → carry the lifted card to the previous or next stage column (a rejection stage asks for
 * the reason once dropped); ↑ and ↓ do nothing, since a column is ordered by arrival, not by hand.
 */
export function columnKeyboardCoordinates(
  columns: readonly TBoardColumn[],
): KeyboardCoordinateGetter {
  return (event, { active, context }) => {
    const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const current = context;
    const card = cardOf(current.active?.data);
    const fromId = statusOfDropId(current.over?.id) ?? card?.status_id;
    if (fromId === undefined || active === undefined) return undefined;
    const target = neighbourColumn(columns, fromId, step);
    const rect = target && current.droppableRects.get(columnDropId(target.status.id));
    if (!rect) return undefined;
    // The column's middle, not its edge, so a board scrolled sideways a little since the rects
    // were measured still lands the card in that column.
    return { x: rect.left + rect.width / 2, y: rect.top + 48 };
  };
}

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'Чтобы переместить карточку, нажмите пробел, выберите этап стрелками влево и вправо и нажмите пробел ещё раз. Escape отменяет перемещение.',
};

/** Russian announcements of every step of a drag, for screen readers. */
export function boardAnnouncements(
  stageName: (statusId: number | undefined) => string,
  allowed: (card: TBoardCard, toStatusId: number | undefined) => boolean,
  isRejection: (statusId: number | undefined) => boolean = () => false,
): Announcements {
  const name = (data: unknown) => {
    const card = cardOf(data);
    return card ? applicantName(card) : 'карточка';
  };
  return {
    onDragStart: ({ active }) =>
      `Карточка ${name(active.data)} поднята с этапа «${stageName(cardOf(active.data)?.status_id)}».`,
    onDragOver: ({ active, over }) => {
      if (!over) return 'Карточка вне этапов.';
      const toId = statusOfDropId(over.id);
      const card = cardOf(active.data);
      if (card && toId !== card.status_id && !allowed(card, toId)) {
        return `На этап «${stageName(toId)}» переместить нельзя.`;
      }
      return `Над этапом «${stageName(toId)}».`;
    },
    onDragEnd: ({ active, over }) => {
      const card = cardOf(active.data);
      const toId = statusOfDropId(over?.id);
      if (card && toId !== undefined && allowed(card, toId) && isRejection(toId)) {
        return `Карточка ${name(active.data)}: выберите причину для этапа «${stageName(toId)}».`;
      }
      if (card && toId !== undefined && allowed(card, toId)) {
        return `Карточка ${name(active.data)} перемещена на этап «${stageName(toId)}».`;
      }
      return `Карточка ${name(active.data)} осталась на этапе «${stageName(card?.status_id)}».`;
    },
    onDragCancel: ({ active }) =>
      `Перемещение отменено. Карточка ${name(active.data)} осталась на этапе «${stageName(cardOf(active.data)?.status_id)}».`,
  };
}
