import { useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '@ats/ui/class-names';
import {
  MINUTES_PER_DAY,
  SLOT_MINUTES,
  addDays,
  formatTime,
  minutesToOffset,
  moveRange,
  offHours,
  offsetToMinutes,
  overlapLanes,
  resizeRange,
  selectionRange,
  snapMinutes,
  userColor,
  type TimeScale,
  type WorkCalendar,
} from './calendar-math';
import type { PlacedEvent } from './events.queries';

export type GridColumn = {
  key: string;
  date: string;
  /** The user whose calendar the column is; null: everyone's events of the day. */
  userId: number | null;
  /** Read by a screen reader: the day and, with several calendars, whose. */
  label: string;
  heading: string;
  subheading?: string;
  colorIndex: number;
  dayOff: boolean;
};

export type Moment = { date: string; start: number; end: number };

type Props = {
  columns: GridColumn[];
  events: PlacedEvent[];
  conflicts: ReadonlySet<number>;
  calendar: WorkCalendar | undefined;
  hours: { from: number; to: number };
  colorIndexOf: (event: PlacedEvent) => number;
  onSelect: (moment: Moment & { userId: number | null }) => void;
  onOpen: (event: PlacedEvent) => void;
  onMove: (event: PlacedEvent, moment: Moment) => void;
};

const SCALE: TimeScale = { fromHour: 0, toHour: 24, hourHeight: 48 };
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const DRAG_THRESHOLD_PX = 4;

type Selection = { column: number; anchor: number; current: number };
type Preview = { id: number; column: number; start: number; end: number };

/**
 * The day and week views: a column per day (and per user, side by side), the hours down the
 * side. A slot is selected by dragging over a column or by the arrows and Enter on a focused
 * column; an event is moved by dragging it (or the arrows, Enter to keep), resized by its lower
 * edge (or Shift with the arrows).
 */
export function TimeGrid(props: Props) {
  const { columns, events, conflicts, calendar, hours, colorIndexOf } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const columnsRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const pointer = useRef<{
    kind: 'select' | 'move' | 'resize';
    event?: PlacedEvent;
    column: number;
    x: number;
    y: number;
    moved: boolean;
  } | null>(null);

  // Opens on the working day rather than at midnight.
  useEffect(() => {
    if (scrollRef.current) {
      scrollRef.current.scrollTop = minutesToOffset(Math.max(0, hours.from - 60), SCALE);
    }
  }, [hours.from]);

  const byColumn = useMemo(
    () =>
      columns.map((column) =>
        events.filter(
          (event) =>
            event.date === column.date &&
            (column.userId === null || event.admin_user_ids.includes(column.userId)),
        ),
      ),
    [columns, events],
  );

  const columnAt = (clientX: number) => {
    const rect = columnsRef.current?.getBoundingClientRect();
    if (!rect || columns.length === 0) return 0;
    const index = Math.floor(((clientX - rect.left) / rect.width) * columns.length);
    return Math.max(0, Math.min(columns.length - 1, index));
  };
  const minutesAt = (element: HTMLElement, clientY: number) =>
    offsetToMinutes(clientY - element.getBoundingClientRect().top, SCALE);

  const commitSelection = (chosen: Selection) => {
    const column = columns[chosen.column];
    if (!column) return;
    const range = selectionRange(chosen.anchor, chosen.current);
    props.onSelect({ date: column.date, userId: column.userId, ...range });
  };

  const commitPreview = (event: PlacedEvent, chosen: Preview) => {
    const column = columns[chosen.column];
    if (!column) return;
    if (column.date === event.date && chosen.start === event.start && chosen.end === event.end) {
      return;
    }
    props.onMove(event, { date: column.date, start: chosen.start, end: chosen.end });
  };

  const onColumnPointerDown = (index: number, e: React.PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const minutes = minutesAt(e.currentTarget, e.clientY);
    e.currentTarget.setPointerCapture(e.pointerId);
    pointer.current = { kind: 'select', column: index, x: e.clientX, y: e.clientY, moved: false };
    setSelection({ column: index, anchor: minutes, current: minutes });
  };
  const onColumnPointerMove = (e: React.PointerEvent<HTMLDivElement>) => {
    const drag = pointer.current;
    if (drag?.kind !== 'select') return;
    const minutes = minutesAt(e.currentTarget, e.clientY);
    setSelection((current) => current && { ...current, current: minutes });
  };
  const onColumnPointerUp = () => {
    const drag = pointer.current;
    if (drag?.kind !== 'select') return;
    pointer.current = null;
    if (selection) commitSelection(selection);
    setSelection(null);
  };

  const onEventPointerDown = (
    event: PlacedEvent,
    index: number,
    kind: 'move' | 'resize',
    e: React.PointerEvent<HTMLElement>,
  ) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    pointer.current = { kind, event, column: index, x: e.clientX, y: e.clientY, moved: false };
  };
  const onEventPointerMove = (e: React.PointerEvent<HTMLElement>) => {
    const drag = pointer.current;
    // A meeting the caller may not change opens on click but does not move.
    if (!drag?.event || drag.kind === 'select' || !drag.event.can_edit) return;
    const dx = e.clientX - drag.x;
    const dy = e.clientY - drag.y;
    if (!drag.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
    drag.moved = true;
    const delta = snapMinutes((dy / SCALE.hourHeight) * 60);
    const range =
      drag.kind === 'move' ? moveRange(drag.event, delta) : resizeRange(drag.event, delta);
    setPreview({
      id: drag.event.id,
      column: drag.kind === 'move' ? columnAt(e.clientX) : drag.column,
      ...range,
    });
  };
  const onEventPointerUp = (e: React.PointerEvent<HTMLElement>) => {
    const drag = pointer.current;
    if (!drag?.event || drag.kind === 'select') return;
    e.stopPropagation();
    pointer.current = null;
    if (drag.moved && preview) commitPreview(drag.event, preview);
    else if (!drag.moved) props.onOpen(drag.event);
    setPreview(null);
  };

  const focusColumn = (index: number) => {
    const all = columnsRef.current?.querySelectorAll<HTMLElement>('[data-grid-column]');
    all?.[index]?.focus({ preventScroll: true });
  };

  const onColumnKeyDown = (index: number, e: React.KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const current = selection?.column === index ? selection : null;
    const start = current ?? { column: index, anchor: hours.from, current: hours.from };
    const step = (direction: number) => {
      // The first arrow picks the start of the working day; the next ones walk from there.
      const next = current
        ? Math.max(
            0,
            Math.min(MINUTES_PER_DAY - SLOT_MINUTES, start.current + direction * SLOT_MINUTES),
          )
        : start.current;
      const chosen = e.shiftKey
        ? { ...start, current: next }
        : { column: index, anchor: next, current: next };
      setSelection(chosen);
      const range = selectionRange(chosen.anchor, chosen.current);
      setAnnouncement(`Выбрано ${formatTime(range.start)}–${formatTime(range.end)}`);
      if (scrollRef.current) {
        scrollRef.current.scrollTop = minutesToOffset(Math.max(0, range.start - 60), SCALE);
      }
    };
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      step(e.key === 'ArrowDown' ? 1 : -1);
    } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      e.preventDefault();
      setSelection(null);
      focusColumn(index + (e.key === 'ArrowRight' ? 1 : -1));
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      commitSelection(start);
      setSelection(null);
    } else if (e.key === 'Escape') {
      setSelection(null);
    }
  };

  const onEventKeyDown = (event: PlacedEvent, index: number, e: React.KeyboardEvent) => {
    const current: Preview =
      preview?.id === event.id
        ? preview
        : { id: event.id, column: index, start: event.start, end: event.end };
    const arrows: Record<string, number> = { ArrowUp: -SLOT_MINUTES, ArrowDown: SLOT_MINUTES };
    const arrow = e.key in arrows || e.key === 'ArrowLeft' || e.key === 'ArrowRight';
    if (arrow && !event.can_edit) return;
    if (e.key in arrows) {
      e.preventDefault();
      e.stopPropagation();
      const range = e.shiftKey
        ? resizeRange(current, arrows[e.key]!)
        : moveRange(current, arrows[e.key]!);
      const next = { ...current, ...range };
      setPreview(next);
      setAnnouncement(
        `${formatTime(next.start)}–${formatTime(next.end)}; Enter — сохранить, Escape — отменить`,
      );
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopPropagation();
      const step = e.key === 'ArrowRight' ? 1 : -1;
      const target = columns.findIndex(
        (column) =>
          column.date === addDays(columns[current.column]!.date, step) &&
          column.userId === columns[current.column]!.userId,
      );
      const column = target === -1 ? current.column : target;
      setPreview({ ...current, column });
      setAnnouncement(`${columns[column]!.label}; Enter — сохранить, Escape — отменить`);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      e.stopPropagation();
      if (preview?.id === event.id) {
        commitPreview(event, preview);
        setPreview(null);
      } else {
        props.onOpen(event);
      }
    } else if (e.key === 'Escape' && preview?.id === event.id) {
      e.stopPropagation();
      setPreview(null);
      setAnnouncement('Изменение отменено');
    }
  };

  const template = { gridTemplateColumns: `repeat(${columns.length}, minmax(0, 1fr))` };

  return (
    <div className="overflow-hidden rounded-lg bg-white ring-1 ring-zinc-200">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      <div className="flex border-b border-zinc-200">
        <div className="w-14 shrink-0" />
        <div className="grid flex-1" style={template}>
          {columns.map((column) => (
            <div
              key={column.key}
              className={cx(
                'min-w-0 border-l border-zinc-200 px-1 py-1.5 text-center text-xs',
                column.dayOff ? 'bg-zinc-100 text-zinc-700' : 'text-zinc-800',
              )}
            >
              <div className="truncate font-medium">{column.heading}</div>
              {column.subheading && (
                <div className="flex items-center justify-center gap-1 truncate text-zinc-600">
                  <span
                    aria-hidden="true"
                    className={cx('size-2 shrink-0 rounded-full', userColor(column.colorIndex).dot)}
                  />
                  <span className="truncate">{column.subheading}</span>
                </div>
              )}
            </div>
          ))}
        </div>
      </div>
      <div ref={scrollRef} className="relative max-h-[70vh] overflow-y-auto">
        <div className="flex" style={{ height: SCALE.hourHeight * 24 }}>
          <div className="relative w-14 shrink-0" aria-hidden="true">
            {HOURS.map((hour) => (
              <div
                key={hour}
                className="absolute right-1 -translate-y-2 text-[11px] text-zinc-500"
                style={{ top: hour * SCALE.hourHeight }}
              >
                {hour === 0 ? '' : `${String(hour).padStart(2, '0')}:00`}
              </div>
            ))}
          </div>
          <div ref={columnsRef} className="relative grid flex-1" style={template}>
            {columns.map((column, index) => {
              const own = byColumn[index] ?? [];
              const lanes = overlapLanes(own);
              const chosen =
                selection?.column === index
                  ? selectionRange(selection.anchor, selection.current)
                  : null;
              return (
                <div
                  key={column.key}
                  data-grid-column
                  data-date={column.date}
                  role="group"
                  tabIndex={0}
                  aria-label={`${column.label}: выбор времени — стрелки вверх и вниз, Shift — растянуть, Enter — назначить встречу`}
                  onPointerDown={(e) => onColumnPointerDown(index, e)}
                  onPointerMove={onColumnPointerMove}
                  onPointerUp={onColumnPointerUp}
                  onKeyDown={(e) => onColumnKeyDown(index, e)}
                  onBlur={(e) => {
                    if (!e.currentTarget.contains(e.relatedTarget) && !pointer.current) {
                      setSelection((current) => (current?.column === index ? null : current));
                    }
                  }}
                  className="relative touch-none border-l border-zinc-200 select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
                >
                  {offHours(column.date, calendar, hours).map((range) => (
                    <div
                      key={range.start}
                      aria-hidden="true"
                      data-off-hours
                      className="absolute inset-x-0 bg-zinc-100"
                      style={{
                        top: minutesToOffset(range.start, SCALE),
                        height:
                          minutesToOffset(range.end, SCALE) - minutesToOffset(range.start, SCALE),
                      }}
                    />
                  ))}
                  {HOURS.map((hour) => (
                    <div
                      key={hour}
                      aria-hidden="true"
                      className="pointer-events-none absolute inset-x-0 border-t border-zinc-100"
                      style={{ top: hour * SCALE.hourHeight }}
                    />
                  ))}
                  {chosen && (
                    <div
                      aria-hidden="true"
                      data-selection
                      className="pointer-events-none absolute inset-x-1 rounded bg-indigo-200/70 px-1 text-[11px] text-indigo-900 ring-1 ring-indigo-500"
                      style={{
                        top: minutesToOffset(chosen.start, SCALE),
                        height:
                          minutesToOffset(chosen.end, SCALE) - minutesToOffset(chosen.start, SCALE),
                      }}
                    >
                      {formatTime(chosen.start)}–{formatTime(chosen.end)}
                    </div>
                  )}
                  {own.map((event) => {
                    // Moved to another day, the block stays where it was (faded) so it keeps the
                    // pointer and the focus; the ghost in the other column shows where it goes.
                    const moving = preview?.id === event.id && preview.column === index;
                    const leaving = preview?.id === event.id && preview.column !== index;
                    const range = moving ? preview : event;
                    const lane =
                      moving || leaving
                        ? { lane: 0, lanes: 1 }
                        : (lanes.get(event.id) ?? { lane: 0, lanes: 1 });
                    return (
                      <EventBlock
                        key={event.id}
                        event={event}
                        start={range.start}
                        end={range.end}
                        lane={lane.lane}
                        lanes={lane.lanes}
                        moving={moving}
                        leaving={leaving}
                        conflict={conflicts.has(event.id)}
                        colorIndex={colorIndexOf(event)}
                        onPointerDown={(kind, e) => onEventPointerDown(event, index, kind, e)}
                        onPointerMove={onEventPointerMove}
                        onPointerUp={onEventPointerUp}
                        onKeyDown={(e) => onEventKeyDown(event, index, e)}
                        onBlur={() => {
                          if (preview?.id === event.id && !pointer.current) setPreview(null);
                        }}
                      />
                    );
                  })}
                  {preview &&
                    preview.column === index &&
                    !own.some((event) => event.id === preview.id) &&
                    (() => {
                      const event = events.find((candidate) => candidate.id === preview.id);
                      return event ? (
                        <EventBlock
                          event={event}
                          start={preview.start}
                          end={preview.end}
                          lane={0}
                          lanes={1}
                          moving
                          conflict={false}
                          colorIndex={colorIndexOf(event)}
                        />
                      ) : null;
                    })()}
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}

type BlockProps = {
  event: PlacedEvent;
  start: number;
  end: number;
  lane: number;
  lanes: number;
  moving: boolean;
  /** Being moved to another day: drawn faded where it was. */
  leaving?: boolean;
  conflict: boolean;
  colorIndex: number;
  onPointerDown?: (kind: 'move' | 'resize', e: React.PointerEvent<HTMLElement>) => void;
  onPointerMove?: (e: React.PointerEvent<HTMLElement>) => void;
  onPointerUp?: (e: React.PointerEvent<HTMLElement>) => void;
  onKeyDown?: (e: React.KeyboardEvent) => void;
  onBlur?: () => void;
};

function EventBlock(props: BlockProps) {
  const { event, start, end, lane, lanes, moving, conflict } = props;
  const color = userColor(props.colorIndex);
  const top = minutesToOffset(start, SCALE);
  const height = Math.max(18, minutesToOffset(end, SCALE) - top);
  const time = `${formatTime(start)}–${formatTime(end)}`;
  const interactive = Boolean(props.onPointerDown);
  return (
    <div
      role={interactive ? 'button' : undefined}
      tabIndex={interactive ? 0 : undefined}
      aria-hidden={interactive ? undefined : true}
      aria-label={
        interactive
          ? `${event.title}, ${time}${conflict ? ', пересекается с другой встречей' : ''}`
          : undefined
      }
      aria-description={
        interactive
          ? 'Enter — открыть; стрелки вверх и вниз — сдвинуть, влево и вправо — на другой день, Shift со стрелками — изменить длительность'
          : undefined
      }
      data-event-id={event.id}
      onPointerDown={(e) => props.onPointerDown?.('move', e)}
      onPointerMove={props.onPointerMove}
      onPointerUp={props.onPointerUp}
      onKeyDown={props.onKeyDown}
      onBlur={props.onBlur}
      className={cx(
        'absolute cursor-grab touch-none overflow-hidden rounded border-l-4 px-1 py-0.5 text-left text-[11px] leading-tight shadow-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
        color.background,
        color.border,
        color.text,
        moving && 'z-10 opacity-80 ring-2 ring-indigo-500',
        props.leaving && 'opacity-40',
        conflict && 'ring-2 ring-red-500',
      )}
      style={{
        top,
        height,
        left: `calc(${(lane / lanes) * 100}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
      }}
    >
      <div className="truncate font-medium">{event.title}</div>
      <div className="truncate">
        {time}
        {conflict && <span className="ml-1 font-semibold text-red-700">Пересечение</span>}
      </div>
      {interactive && (
        <div
          aria-hidden="true"
          data-resize-handle
          onPointerDown={(e) => props.onPointerDown?.('resize', e)}
          className="absolute inset-x-0 bottom-0 h-2 cursor-ns-resize"
        />
      )}
    </div>
  );
}
