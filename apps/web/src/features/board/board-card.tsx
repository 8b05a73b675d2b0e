import { useDraggable } from '@dnd-kit/core';
import { Bars3Icon } from '@heroicons/react/24/outline';
import { Link, useLocation } from 'react-router';
import type { TBoardCard, TRejectKind } from '@ats/contracts/pipeline';
import { cx } from '@ats/ui/class-names';
import { ApplicantAvatar } from '../../shared/applicant/applicant-avatar';
import { applicantName } from '../../shared/format/applicant-format';
import { TagChip } from '../../shared/applicant/tag-chip';
import { formatDaysInStage } from './board-columns';
import { CardMenu } from './card-menu';
import { withOpenApplicant } from './card-panel';

export type CardDensity = 'S' | 'M' | 'L';

type Props = {
  card: TBoardCard;
  draggable: boolean;
  /** Reject actions exist when the caller may write on the card's stage. */
  onReject?: (kind: TRejectKind) => void;
  /** «Назначить встречу» in the card's menu. */
  onScheduleMeeting?: () => void;
  /** «Отложить действие» in the card's menu. */
  onDelayAction?: () => void;
  density: CardDensity;
};

export const cardDragId = (card: TBoardCard) => `card-${card.application_id}`;

/** One applicant on the board: photo, name, position, tags, days in stage, overdue in amber. */
export function BoardCard({
  card,
  draggable,
  onReject,
  onScheduleMeeting,
  onDelayAction,
  density,
}: Props) {
  const name = applicantName(card);
  const { search } = useLocation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: cardDragId(card),
    data: { card },
    disabled: !draggable,
  });
  // The pointer drags the whole card; the keyboard lifts it by its handle (Space).
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  const onHandleKeyDown = onKeyDown as React.KeyboardEventHandler | undefined;
  return (
    <article
      ref={setNodeRef}
      aria-label={name}
      data-application-id={card.application_id}
      data-overdue={card.is_overdue || undefined}
      {...(draggable ? pointerListeners : {})}
      className={cx(
        'relative rounded-lg bg-white shadow-sm ring-1',
        density === 'S' ? 'p-2' : 'p-3',
        card.is_overdue ? 'bg-amber-50 ring-amber-400' : 'ring-zinc-200',
        draggable && 'cursor-grab touch-none',
        isDragging && 'opacity-40',
      )}
    >
      <div className="flex items-start gap-2">
        {draggable && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            onKeyDown={onHandleKeyDown}
            aria-label={`Переместить: ${name}`}
            aria-roledescription="перетаскиваемая карточка"
            className="-ml-1 rounded p-0.5 text-zinc-400 hover:text-zinc-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Bars3Icon className="size-4" aria-hidden="true" />
          </button>
        )}
        {density !== 'S' && (
          <ApplicantAvatar
            photo={card.photo}
            first_name={card.first_name}
            last_name={card.last_name}
          />
        )}
        <div className="min-w-0 flex-1">
          <Link
            // The card opens in the side panel over the board; the address keeps it open.
            to={{ search: withOpenApplicant(search, card.applicant_id) }}
            className="block truncate text-sm font-medium text-zinc-900 hover:text-indigo-700"
          >
            {name}
          </Link>
          {density !== 'S' && card.position && (
            <p className="truncate text-xs text-zinc-500">{card.position}</p>
          )}
        </div>
        {(onReject || onScheduleMeeting || onDelayAction) && (
          <CardMenu
            name={name}
            onReject={onReject}
            onScheduleMeeting={onScheduleMeeting}
            onDelayAction={onDelayAction}
          />
        )}
      </div>
      {density === 'L' && card.tags.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1" aria-label="Теги">
          {card.tags.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} />
            </li>
          ))}
        </ul>
      )}
      {card.reject_reason_name && (
        <p className="mt-1 text-xs text-red-700">Причина: {card.reject_reason_name}</p>
      )}
      <p className={cx('mt-1 text-xs', card.is_overdue ? 'text-amber-800' : 'text-zinc-500')}>
        {formatDaysInStage(card.days_in_status)}
        {card.is_overdue ? ' · дольше срока этапа' : ''}
      </p>
    </article>
  );
}

/** The card under the pointer while dragging (the original stays in place, faded). */
export function CardPreview({ card }: { card: TBoardCard }) {
  return (
    <div className="w-64 rounded-lg bg-white p-3 text-sm font-medium shadow-xl ring-1 ring-indigo-400">
      {applicantName(card)}
    </div>
  );
}
