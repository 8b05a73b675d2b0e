import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCommonSettings } from '@ats/contracts/account';
import { ZAccountCalendar } from '@ats/contracts/account-calendar';
import { apiCall, apiRequest } from '../../shared/api-client';
import { eventKeys, settingsCommonKeys } from '../../shared/query-keys';
import { parseTime, toIsoDate } from './calendar-math';

// Field names of huntlee-api.md §6.9 (`data_mitting`, `time_begin`, `time_end`, `service`, `link`,
// `title`, `description`, `applicant_id`, `vacancy_id`, `admin_user_ids`).
export const ZCalendarEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullish(),
  data_mitting: z.string(),
  time_begin: z.string(),
  time_end: z.string(),
  service: z.string().nullish(),
  link: z.string().nullish(),
  place: z.string().nullish(),
  applicant_id: z.number().int().nullish(),
  vacancy_id: z.number().int().nullish(),
  admin_user_ids: z.array(z.number().int()),
  guests: z.array(z.union([z.string(), z.object({ email: z.string() }).loose()])).nullish(),
  applicant: z.object({ id: z.number().int(), name: z.string() }).loose().nullish(),
  vacancy: z.object({ id: z.number().int(), position: z.string() }).loose().nullish(),
});
export type TCalendarEvent = z.infer<typeof ZCalendarEvent>;

export const ZCalendarUser = z
  .object({
    id: z.number().int(),
    name: z.string().nullish(),
    first_name: z.string().nullish(),
    last_name: z.string().nullish(),
    email: z.string().nullish(),
  })
  .loose();
export type TCalendarUser = z.infer<typeof ZCalendarUser>;

/** What the dialog sends (POST /api/events, PUT /api/events/{id}). */
export type EventDraft = {
  title: string;
  description: string;
  data_mitting: string;
  time_begin: string;
  time_end: string;
  service: string | null;
  link: string | null;
  applicant_id: number | null;
  vacancy_id: number | null;
  admin_user_ids: number[];
  guests: string[];
};

/** An event with its day and minutes read once. */
export type PlacedEvent = TCalendarEvent & { date: string; start: number; end: number };

export function placeEvent(event: TCalendarEvent): PlacedEvent | null {
  const date = toIsoDate(event.data_mitting);
  const start = parseTime(event.time_begin);
  const end = parseTime(event.time_end);
  if (!date || start === null || end === null) return null;
  return { ...event, date, start, end: Math.max(end, start + 1) };
}

export function userName(user: TCalendarUser): string {
  const full = [user.last_name, user.first_name].filter(Boolean).join(' ');
  return user.name || full || user.email || `Пользователь ${user.id}`;
}

export function guestEmails(event: TCalendarEvent): string[] {
  return (event.guests ?? []).map((guest) => (typeof guest === 'string' ? guest : guest.email));
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
        schema: z.array(ZCalendarEvent),
        signal,
      }),
    placeholderData: (previous) => previous,
  });

export const useCalendarUsers = () =>
  useQuery({
    queryKey: eventKeys.users,
    queryFn: ({ signal }) =>
      apiRequest('/events/users_with_viewable_calendars', {
        schema: z.array(ZCalendarUser),
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
        schema: ZCalendarEvent,
        successToast: id ? MEETING_UPDATED : MEETING_CREATED,
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
      moment: Pick<EventDraft, 'data_mitting' | 'time_begin' | 'time_end'>;
    }) =>
      apiCall(`/events/${id}`, {
        method: 'PATCH',
        body: moment,
        schema: ZCalendarEvent,
        successToast: MEETING_UPDATED,
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
