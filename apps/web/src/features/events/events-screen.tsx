import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ExclamationTriangleIcon,
} from '@heroicons/react/24/outline';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { Tabs } from '@ats/ui/tabs';
import { API_TOAST_MS, notify } from '../../shared/toasts';
import { useApplicantCard } from '../../shared/applicant/applicant-card.queries';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  addDays,
  addMonths,
  conflictingIds,
  formatTime,
  isWorkingDay,
  monthGrid,
  toIsoDate,
  toRuDate,
  userColor,
  weekDays,
  type WorkCalendar,
} from './calendar-math';
import {
  placeEvent,
  useCalendarUsers,
  useEvents,
  useMoveEvent,
  useWorkCalendar,
  useWorkHours,
  userName,
  type PlacedEvent,
  type TCalendarEvent,
} from './events.queries';
import { meetingSubjectOf } from './meeting-button';
import { MeetingDialog, type MeetingDialogProps, type MeetingSubject } from './meeting-dialog';
import { MonthGrid } from './month-grid';
import { longDate, monthTitle, shortDate, weekTitle } from './period-labels';
import { TimeGrid, type GridColumn } from './time-grid';

const VIEWS = ['day', 'week', 'month'] as const;
type View = (typeof VIEWS)[number];
const VIEW_LABELS: Record<View, string> = { day: 'День', week: 'Неделя', month: 'Месяц' };

function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

type Dialog =
  | {
      kind: 'new';
      props: Pick<MeetingDialogProps, 'date' | 'start' | 'end' | 'userIds'> & MeetingSubject;
    }
  | { kind: 'edit'; event: TCalendarEvent }
  | null;

/** /events: the company's meetings by day, week and month, several calendars side by side. */
export function EventsScreen() {
  useDocumentTitle('Календарь');
  const me = useCurrentUser();
  const today = localToday();
  const [search, setSearch] = useSearchParams();
  const view: View = VIEWS.includes(search.get('view') as View)
    ? (search.get('view') as View)
    : 'week';
  const date = toIsoDate(search.get('date') ?? '') ?? today;
  const chosenUsers = (search.get('users') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const userIds = chosenUsers.length ? chosenUsers : [me.id];
  const [dialog, setDialog] = useState<Dialog>(null);
  // «Выбрать время в календаре» from the dialog on the board or the card: the slot picked next is
  // the applicant's meeting.
  const forApplicant = Number(search.get('applicant')) || null;
  const forVacancy = Number(search.get('vacancy')) || null;
  const subject = useMeetingSubject(forApplicant, forVacancy);
  const [clash, setClash] = useState<{
    event: PlacedEvent;
    moment: { date: string; start: number; end: number };
    message: string;
  } | null>(null);

  const update = (changes: Record<string, string>) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const days = view === 'day' ? [date] : view === 'week' ? weekDays(date) : monthGrid(date).flat();
  const from = days[0]!;
  const to = days.at(-1)!;

  const users = useCalendarUsers();
  const events = useEvents({ from: toRuDate(from), to: toRuDate(to), userIds });
  const moveEvent = useMoveEvent();
  const firstYear = useWorkCalendar(Number(from.slice(0, 4)));
  const lastYear = useWorkCalendar(Number(to.slice(0, 4)));
  const hours = useWorkHours().data ?? { from: 9 * 60, to: 18 * 60 };

  const calendar: WorkCalendar | undefined = useMemo(() => {
    if (!firstYear.data) return undefined;
    const days = [...firstYear.data.days];
    if (lastYear.data && lastYear.data.year !== firstYear.data.year) {
      days.push(...lastYear.data.days);
    }
    return { work_days: firstYear.data.work_days, days };
  }, [firstYear.data, lastYear.data]);

  const known = users.data ?? [];
  const colorOf = (userId: number) => {
    const index = known.findIndex((user) => user.id === userId);
    return index === -1 ? 0 : index;
  };
  const nameOf = (userId: number) => {
    const user = known.find((candidate) => candidate.id === userId);
    return user ? userName(user) : userId === me.id ? 'Вы' : `Пользователь ${userId}`;
  };

  const placed = useMemo(
    () =>
      (events.data ?? []).map(placeEvent).filter((event): event is PlacedEvent => event !== null),
    [events.data],
  );
  const conflicts = useMemo(
    () => conflictingIds(placed.map((event) => ({ ...event, people: event.admin_user_ids }))),
    [placed],
  );
  const colorIndexOf = (event: PlacedEvent) =>
    colorOf(
      event.admin_user_ids.find((id) => userIds.includes(id)) ?? event.admin_user_ids[0] ?? me.id,
    );

  const several = userIds.length > 1;
  const columns: GridColumn[] = (view === 'day' ? [date] : view === 'week' ? days : []).flatMap(
    (day) =>
      userIds.map((userId) => ({
        key: `${day}-${userId}`,
        date: day,
        userId,
        label: several ? `${longDate(day)}, ${nameOf(userId)}` : longDate(day),
        heading: view === 'day' ? (several ? nameOf(userId) : longDate(day)) : shortDate(day),
        ...(several && view === 'week' ? { subheading: nameOf(userId) } : {}),
        colorIndex: colorOf(userId),
        dayOff: !isWorkingDay(day, calendar),
      })),
  );

  const step = (direction: number) =>
    update({
      date:
        view === 'day'
          ? addDays(date, direction)
          : view === 'week'
            ? addDays(date, 7 * direction)
            : addMonths(date, direction),
    });
  const title =
    view === 'day'
      ? longDate(date)
      : view === 'week'
        ? weekTitle(days[0]!, days[6]!)
        : monthTitle(date);

  const onMove = async (
    event: PlacedEvent,
    moment: { date: string; start: number; end: number },
    allowOverlap = false,
  ) => {
    const result = await moveEvent.mutateAsync({
      id: event.id,
      moment: {
        data_mitting: toRuDate(moment.date),
        time_begin: formatTime(moment.start),
        time_end: formatTime(moment.end),
        ...(allowOverlap ? { allow_overlap: true } : {}),
      },
    });
    setClash(null);
    if (result.ok) return;
    if (result.code === 409) setClash({ event, moment, message: result.message });
    else notify.error(result.message, API_TOAST_MS);
  };

  const toggleUser = (userId: number) => {
    const next = userIds.includes(userId)
      ? userIds.filter((id) => id !== userId)
      : [...userIds, userId];
    update({ users: (next.length ? next : [me.id]).join(',') });
  };

  return (
    <section className="flex flex-col gap-4">
      <PageHeader
        title="Календарь"
        description="Встречи и собеседования с кандидатами. Выделите время в календаре, чтобы назначить встречу."
        actions={
          <Button onClick={() => setDialog({ kind: 'new', props: { date, userIds, ...subject } })}>
            Назначить встречу
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3">
        <Tabs
          items={VIEWS}
          value={view}
          onChange={(next) => update({ view: next })}
          labels={VIEW_LABELS}
          label="Вид календаря"
          idPrefix="events-view"
          panelId="events-panel"
          variant="pills"
        />
        <div className="flex items-center gap-1">
          <Button variant="secondary" size="sm" aria-label="Назад" onClick={() => step(-1)}>
            <ChevronLeftIcon className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="secondary" size="sm" onClick={() => update({ date: today })}>
            Сегодня
          </Button>
          <Button variant="secondary" size="sm" aria-label="Вперёд" onClick={() => step(1)}>
            <ChevronRightIcon className="size-4" aria-hidden="true" />
          </Button>
        </div>
        <h2 className="text-base font-semibold text-zinc-900" aria-live="polite">
          {title}
        </h2>
        {(events.isFetching || moveEvent.isPending) && (
          <Spinner className="size-4" label="Обновляем календарь" />
        )}
      </div>
      {subject.applicant && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-900"
        >
          <span>
            Выберите время встречи с кандидатом {subject.applicant.name}
            {subject.vacancy ? ` (вакансия «${subject.vacancy.position}»)` : ''}: выделите его в
            календаре.
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              setSearch(
                (current) => {
                  const next = new URLSearchParams(current);
                  next.delete('applicant');
                  next.delete('vacancy');
                  return next;
                },
                { replace: true },
              )
            }
          >
            Отменить выбор
          </Button>
        </div>
      )}
      {known.length > 1 && (
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="sr-only">Чьи календари показать</legend>
          <span className="text-sm text-zinc-600" aria-hidden="true">
            Календари:
          </span>
          {known.map((user, index) => (
            <label key={user.id} className="flex items-center gap-1.5 text-sm text-zinc-800">
              <input
                type="checkbox"
                className="size-4 rounded border-zinc-300"
                checked={userIds.includes(user.id)}
                onChange={() => toggleUser(user.id)}
              />
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full ${userColor(index).dot}`}
              />
              {userName(user)}
            </label>
          ))}
        </fieldset>
      )}
      <div
        id="events-panel"
        role="tabpanel"
        aria-labelledby={`events-view-${view}`}
        className="flex flex-col gap-2"
      >
        {events.isError && !events.data ? (
          <EmptyState
            icon={<ExclamationTriangleIcon />}
            title="Не удалось загрузить встречи"
            description={events.error.message}
            action={
              <Button variant="secondary" onClick={() => void events.refetch()}>
                Повторить
              </Button>
            }
          />
        ) : events.isPending ? (
          <div className="flex justify-center py-16">
            <Spinner label="Загружаем встречи" />
          </div>
        ) : (
          <>
            {placed.length === 0 && (
              <p className="text-sm text-zinc-500">
                {view === 'day'
                  ? 'В этот день'
                  : view === 'week'
                    ? 'На этой неделе'
                    : 'В этом месяце'}{' '}
                встреч нет.
                {view === 'month'
                  ? ' Откройте день, чтобы выбрать время.'
                  : ' Выделите время мышью или стрелками, чтобы назначить встречу.'}
              </p>
            )}
            {conflicts.size > 0 && (
              <p role="status" className="text-sm text-red-700">
                Есть встречи, которые пересекаются у одного участника: они отмечены красным.
              </p>
            )}
            {view === 'month' ? (
              <MonthGrid
                date={date}
                today={today}
                events={placed}
                conflicts={conflicts}
                calendar={calendar}
                colorIndexOf={colorIndexOf}
                onOpenDay={(day) => update({ view: 'day', date: day })}
                onOpen={(event) => setDialog({ kind: 'edit', event })}
              />
            ) : (
              <TimeGrid
                columns={columns}
                events={placed}
                conflicts={conflicts}
                calendar={calendar}
                hours={hours}
                colorIndexOf={colorIndexOf}
                onSelect={(moment) =>
                  setDialog({
                    kind: 'new',
                    props: {
                      date: moment.date,
                      start: moment.start,
                      end: moment.end,
                      userIds: moment.userId ? [moment.userId] : userIds,
                      ...subject,
                    },
                  })
                }
                onOpen={(event) => setDialog({ kind: 'edit', event })}
                onMove={(event, moment) => void onMove(event, moment)}
              />
            )}
          </>
        )}
      </div>
      <MeetingDialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        {...(dialog?.kind === 'new' ? dialog.props : {})}
        event={dialog?.kind === 'edit' ? dialog.event : null}
      />
      <ConfirmDialog
        open={clash !== null}
        onClose={() => setClash(null)}
        onConfirm={() => clash && void onMove(clash.event, clash.moment, true)}
        title="Время занято"
        description={clash ? `${clash.message}. Перенести встречу всё равно?` : undefined}
        confirmLabel="Перенести"
        pending={moveEvent.isPending}
      />
    </section>
  );
}

/** The applicant (and vacancy) named in the address, read from their card. */
function useMeetingSubject(applicantId: number | null, vacancyId: number | null): MeetingSubject {
  const card = useApplicantCard(applicantId ?? 0);
  if (!applicantId || !card.data) return {};
  const subject = meetingSubjectOf(card.data);
  const vacancy = subject.vacancies?.find((candidate) => candidate.id === vacancyId) ?? null;
  return vacancy ? { applicant: subject.applicant ?? null, vacancy } : subject;
}
