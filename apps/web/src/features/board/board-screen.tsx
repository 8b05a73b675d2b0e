import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { ArrowLeftIcon, RectangleStackIcon } from '@heroicons/react/24/outline';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TBoardCard, TBoardColumn } from '@ats/contracts/pipeline';
import { Button } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Spinner } from '@ats/ui/spinner';
import { applicantName } from '../../shared/format/applicant-format';
import { useMe } from '../../shared/session/session.queries';
import { settingsRights } from '../../shared/settings/settings-rights';
import { useDocumentTitle } from '../../shared/use-document-title';
import { AddApplicantDialog, type CreateOnBoardProps } from './add-applicant-dialog';
import { CardPreview, type CardDensity } from './board-card';
import { CardPanel, openApplicantOf, withOpenApplicant } from './card-panel';
import { BoardColumn } from './board-column';
import { boardIsWritable, canMoveBetween, orderBoardColumns, rejectionOf } from './board-columns';
import {
  boardAnnouncements,
  boardCollisions,
  cardOf,
  columnKeyboardCoordinates,
  SCREEN_READER_INSTRUCTIONS,
  statusOfDropId,
} from './board-dnd';
import {
  boardFilterQuery,
  filtersFromParams,
  hasBoardFilters,
  paramsWithFilters,
  type BoardFilterQuery,
  type BoardFilterValues,
} from './board-filters';
import { BoardToolbar } from './board-toolbar';
import { DensitySwitch, useCardDensity } from './density-switch';
import { useBoardColumns, useBoardVacancy, useMoveApplication } from './board.queries';
import { RejectDialog, type RejectRequest } from './reject-dialog';
import { useBoardEvents } from './use-board-events';

type Props = {
  vacancyId: number;
  /** The applicants' create form, for «Добавить кандидата» (composed in by the route). */
  renderCreateApplicant?: (props: CreateOnBoardProps) => ReactNode;
  /** An applicant's card (features/applicants), composed by the route, for the side panel. */
  renderCard: (applicantId: number) => ReactNode;
  /** «Назначить встречу» from a card's menu (features/events, composed by the route). */
  renderScheduleMeeting?: (target: MeetingTarget, onClose: () => void) => ReactNode;
  /** «Отложить действие» from a card's menu (features/delayed-tasks, composed by the route). */
  renderDelayAction?: (applicantIds: number[], onClose: () => void) => ReactNode;
};

/** Whom and for what vacancy a meeting from the board is. */
export type MeetingTarget = {
  applicant: { id: number; name: string };
  vacancy: { id: number; position: string };
};

/** The search and filters of the page's URL, and a setter that keeps the rest of the URL. */
function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const values = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const query = useMemo(() => boardFilterQuery(values), [values]);
  const change = useCallback(
    (next: BoardFilterValues) =>
      setParams((current) => paramsWithFilters(current, next), { replace: true }),
    [setParams],
  );
  return { values, query, change };
}

/**
 * `/vacancy/{id}/candidates`: the vacancy's applicants in columns by stage; `?applicant={id}`
 * opens that applicant's card in a side panel over the board.
 */
export function BoardScreen({
  vacancyId,
  renderCreateApplicant,
  renderCard,
  renderScheduleMeeting,
  renderDelayAction,
}: Props) {
  const [meetingFor, setMeetingFor] = useState<TBoardCard | null>(null);
  const [delayFor, setDelayFor] = useState<TBoardCard | null>(null);
  const vacancy = useBoardVacancy(vacancyId);
  const [density, setDensity] = useCardDensity();
  const filters = useBoardFilters();
  const [adding, setAdding] = useState(false);
  const me = useMe().data;
  const columnsQuery = useBoardColumns(vacancyId, vacancy.data != null, filters.query);
  useBoardEvents(vacancyId, vacancy.data != null);
  const title = vacancy.data ? `Кандидаты: ${vacancy.data.position}` : 'Кандидаты вакансии';
  useDocumentTitle(title);

  const back = (
    <Link
      to={`/vacancy/${vacancyId}`}
      className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {vacancy.data ? vacancy.data.position : 'К вакансии'}
    </Link>
  );
  if (vacancy.isPending || (vacancy.data && columnsQuery.isPending)) {
    return (
      <div className="flex justify-center py-24 text-zinc-500">
        <Spinner label="Загружаем доску" className="[&>svg]:size-6" />
      </div>
    );
  }
  if (vacancy.isError || columnsQuery.isError) {
    return (
      <EmptyState
        title="Не удалось загрузить доску"
        description={(vacancy.error ?? columnsQuery.error)?.message}
        action={
          <Button onClick={() => void (vacancy.isError ? vacancy : columnsQuery).refetch()}>
            Повторить
          </Button>
        }
      />
    );
  }
  if (!vacancy.data || !columnsQuery.data) {
    return (
      <EmptyState
        icon={<RectangleStackIcon />}
        title="Вакансия не найдена"
        description="Возможно, её удалили, или у вас нет к ней доступа."
        action={<Link to="/">Все вакансии</Link>}
      />
    );
  }
  // Owners with write rights on a working stage of an open vacancy may put applicants there.
  const addableStages =
    vacancy.data.state === 'open' && me && me.member_type !== 'watcher'
      ? orderBoardColumns(columnsQuery.data).filter((c) => c.can_write && !c.status.is_reject)
      : [];
  return (
    <div className="flex flex-col gap-4" data-screen="board" data-ready="true">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          {back}
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900">Кандидаты</h1>
        </div>
        <DensitySwitch value={density} onChange={setDensity} />
      </header>
      <BoardToolbar
        values={filters.values}
        onChange={filters.change}
        onAdd={addableStages.length > 0 ? () => setAdding(true) : undefined}
      />
      {hasBoardFilters(filters.query) && (
        <p role="status" className="text-sm text-zinc-600">
          Найдено на доске: {columnsQuery.data.reduce((sum, column) => sum + column.count, 0)}
        </p>
      )}
      {vacancy.data.state !== 'open' && (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Вакансия не открыта: перемещать кандидатов нельзя.
        </p>
      )}
      <Board
        vacancyId={vacancyId}
        columns={columnsQuery.data}
        open={vacancy.data.state === 'open'}
        density={density}
        filters={filters.query}
        onScheduleMeeting={
          renderScheduleMeeting && me && me.member_type !== 'watcher' ? setMeetingFor : undefined
        }
        onDelayAction={
          renderDelayAction && me && me.member_type !== 'watcher' ? setDelayFor : undefined
        }
      />
      {delayFor && renderDelayAction?.([delayFor.applicant_id], () => setDelayFor(null))}
      {meetingFor &&
        renderScheduleMeeting?.(
          {
            applicant: { id: meetingFor.applicant_id, name: applicantName(meetingFor) },
            vacancy: { id: vacancyId, position: vacancy.data.position },
          },
          () => setMeetingFor(null),
        )}
      <AddApplicantDialog
        vacancyId={vacancyId}
        stages={addableStages}
        open={adding}
        onClose={() => setAdding(false)}
        renderCreateForm={renderCreateApplicant}
      />
      <OpenCard vacancyId={vacancyId} renderCard={renderCard} boardTitle={title} />
    </div>
  );
}

/** The card named in the address, in the panel; closing it leaves the board as it was. */
function OpenCard({ vacancyId, renderCard, boardTitle }: Props & { boardTitle: string }) {
  const [params, setParams] = useSearchParams();
  const applicantId = openApplicantOf(params);
  if (applicantId === null) return null;
  const show = (id: number | null) =>
    setParams((current) => new URLSearchParams(withOpenApplicant(current.toString(), id)), {
      replace: true,
    });
  return (
    <CardPanel
      vacancyId={vacancyId}
      applicantId={applicantId}
      onClose={() => show(null)}
      onOpen={show}
      renderCard={renderCard}
      boardTitle={boardTitle}
    />
  );
}

function Board({
  vacancyId,
  columns: unordered,
  open,
  density,
  filters,
  onScheduleMeeting,
  onDelayAction,
}: {
  vacancyId: number;
  columns: TBoardColumn[];
  open: boolean;
  density: CardDensity;
  filters: BoardFilterQuery;
  onScheduleMeeting: ((card: TBoardCard) => void) | undefined;
  onDelayAction: ((card: TBoardCard) => void) | undefined;
}) {
  const columns = useMemo(() => orderBoardColumns(unordered), [unordered]);
  const [active, setActive] = useState<TBoardCard | null>(null);
  const [rejecting, setRejecting] = useState<RejectRequest | null>(null);
  const move = useMoveApplication(vacancyId, filters);
  const writable = open && boardIsWritable(columns);
  const me = useMe().data;
  const canEditStages = me ? settingsRights(me).stages : false;

  const byId = useCallback(
    (id: number | undefined) => columns.find((c) => c.status.id === id),
    [columns],
  );
  const allowed = useCallback(
    (card: TBoardCard, toId: number | undefined) =>
      canMoveBetween(byId(card.status_id), byId(toId)),
    [byId],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates(columns),
    }),
  );
  const announcements = useMemo(
    () =>
      boardAnnouncements(
        (id) => byId(id)?.status.name ?? '',
        allowed,
        (id) => rejectionOf(byId(id)) !== undefined,
      ),
    [byId, allowed],
  );

  const onDragStart = ({ active: dragged }: DragStartEvent) =>
    setActive(cardOf(dragged.data) ?? null);
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActive(null);
    const card = cardOf(dragged.data);
    const toStatusId = statusOfDropId(over?.id);
    if (!card || toStatusId === undefined || !allowed(card, toStatusId)) return;
    // A rejection needs a reason: the card stays where it was until the dialog is confirmed.
    const kind = rejectionOf(byId(toStatusId));
    if (kind) setRejecting({ card, kind, statusId: toStatusId });
    else move.mutate({ card, toStatusId });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollisions}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
      >
        <div
          className="-mx-4 flex w-[calc(100%+2rem)] gap-3 overflow-x-auto px-4 pb-4"
          role="list"
          aria-label="Этапы вакансии"
        >
          {columns.map((column) => (
            <div role="listitem" key={column.status.id} className="contents">
              <BoardColumn
                vacancyId={vacancyId}
                column={column}
                filters={filters}
                draggable={writable && column.can_write}
                accepts={active ? allowed(active, column.status.id) : false}
                density={density}
                rejectable={open}
                onReject={(card, kind) => setRejecting({ card, kind })}
                onScheduleMeeting={onScheduleMeeting}
                onDelayAction={onDelayAction}
                canEditStage={canEditStages}
              />
            </div>
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? <CardPreview card={active} /> : null}
        </DragOverlay>
      </DndContext>
      <RejectDialog vacancyId={vacancyId} request={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}
