import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCommonSettings } from '@ats/contracts/account';
import { ZAccountCalendar } from '@ats/contracts/account-calendar';
import {
  ZCalendarUserList,
  ZEvent,
  ZEventList,
  type TCalendarUser,
  type TEvent,
  type TEventInput,
} from '@ats/contracts/events';
import { apiCall, apiRequest } from '../../shared/api-client';
import { eventKeys, settingsCommonKeys } from '../../shared/query-keys';
import { parseTime, toIsoDate } from './calendar-math';

export type TCalendarEvent = TEvent;
export type { TCalendarUser };

/** What the dialog sends (POST /api/events, PUT /api/events/{id}). */
export type EventDraft = Omit<TEventInput, 'data_mitting'> & { data_mitting: string };

/** An event with its day and minutes read once. */
export type PlacedEvent = TCalendarEvent & { date: string; start: number; end: number };

export function placeEvent(event: TCalendarEvent): PlacedEvent | null {
  const date = toIsoDate(event.date) ?? toIsoDate(event.data_mitting);
  const start = parseTime(event.time_begin);
  const end = parseTime(event.time_end);
  if (!date || start === null || end === null) return null;
  return { ...event, date, start, end: Math.max(end, start + 1) };
}

export function userName(user: TCalendarUser): string {
  return [user.last_name, user.name].filter(Boolean).join(' ') || user.email;
}

export function guestEmails(event: TCalendarEvent): string[] {
  return event.guests.map((guest) => guest.email);
}

export type EventsPeriod = { from: string; to: string; userIds: number[] };

export const useEvents = (period: EventsPeriod) =>
  useQuery({
    queryKey: eventKeys.list(period),
    queryFn: ({ signal }) =>
      apiRequest('/events', {
        query: {
          date_from: period.from,
          date_to: period.to,
          user_ids: period.userIds.length ? period.userIds.join(',') : undefined,
        },
        schema: ZEventList,
        signal,
      }),
    placeholderData: (previous) => previous,
  });

export const useCalendarUsers = () =>
  useQuery({
    queryKey: eventKeys.users,
    queryFn: ({ signal }) =>
      apiRequest('/events/users_with_viewable_calendars', {
        schema: ZCalendarUserList,
        signal,
      }),
  });

/** The production calendar of a year (days off, holidays, short days). */
export const useWorkCalendar = (year: number) =>
  useQuery({
    queryKey: settingsCommonKeys.calendar(year),
    queryFn: ({ signal }) =>
      apiRequest('/account_calendar', {
        query: { year },
        schema: ZAccountCalendar,
        signal,
        errorToast: false,
      }),
  });

/** The company's working hours; a user who may not read the settings gets 09:00–18:00. */
export const useWorkHours = () =>
  useQuery({
    queryKey: settingsCommonKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/account/common_settings', {
        schema: ZCommonSettings,
        signal,
        errorToast: false,
      }),
    retry: false,
    select: (settings) => ({
      from: parseTime(settings.work_hours_from) ?? 9 * 60,
      to: parseTime(settings.work_hours_to) ?? 18 * 60,
    }),
  });

export const MEETING_CREATED = 'Встреча назначена, приглашения отправлены';
export const MEETING_UPDATED = 'Встреча изменена, участники получат обновление';
export const MEETING_DELETED = 'Встреча отменена, участники получат отмену';

function refreshEvents(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [eventKeys.all, ...eventKeys.homeViews].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

export function useSaveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id?: number; draft: Partial<EventDraft> }) =>
      apiCall(id ? `/events/${id}` : '/events', {
        method: id ? 'PUT' : 'POST',
        body: draft,
        schema: ZEvent,
        successToast: id ? MEETING_UPDATED : MEETING_CREATED,
        // The dialog shows the answer itself: a clash is a question, not an error.
        errorToast: false,
      }),
    onSettled: () => refreshEvents(queryClient),
  });
}

/** A move or a resize: only the moment changes. */
export function useMoveEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      moment,
    }: {
      id: number;
      moment: Pick<EventDraft, 'data_mitting' | 'time_begin' | 'time_end' | 'allow_overlap'>;
    }) =>
      apiCall(`/events/${id}`, {
        method: 'PATCH',
        body: moment,
        schema: ZEvent,
        successToast: MEETING_UPDATED,
        // A clash (409) is asked about by the screen; other failures are toasts.
        errorToast: false,
      }),
    onSettled: () => refreshEvents(queryClient),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`/events/${id}`, { method: 'DELETE', successToast: MEETING_DELETED }),
    onSettled: () => refreshEvents(queryClient),
  });
}
