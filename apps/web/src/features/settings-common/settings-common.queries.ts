import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCommonSettings, type TUpdateCommonSettingsRequest } from '@ats/contracts/account';
import {
  ZAccountCalendar,
  ZDateByWorkdays,
  ZUpdatedCalendarDays,
  type TUpdateCalendarDaysRequest,
} from '@ats/contracts/account-calendar';
import { apiCall, apiRequest } from '../../shared/api-client';
import { settingsCommonKeys } from '../../shared/query-keys';
import { sessionKeys } from '../../shared/session/session.queries';

export const COMMON_SETTINGS_SAVED = 'Общие настройки сохранены';

export const useCommonSettings = () =>
  useQuery({
    queryKey: settingsCommonKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest('/account/common_settings', { schema: ZCommonSettings, signal }),
  });

export function useUpdateCommonSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateCommonSettingsRequest) =>
      apiCall('/account/common_settings', {
        method: 'PATCH',
        body: changes,
        schema: ZCommonSettings,
        successToast: COMMON_SETTINGS_SAVED,
      }),
    onSuccess: async (result) => {
      if (!result.ok) return;
      queryClient.setQueryData(settingsCommonKeys.settings, result.data);
      // The time zone and currency also live in /me and /account; the week decides the calendar.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.account }),
        queryClient.invalidateQueries({ queryKey: settingsCommonKeys.calendars }),
      ]);
    },
  });
}

export const useAccountCalendar = (year: number) =>
  useQuery({
    queryKey: settingsCommonKeys.calendar(year),
    queryFn: ({ signal }) =>
      apiRequest('/account_calendar', { query: { year }, schema: ZAccountCalendar, signal }),
  });

export function useUpdateCalendarDays() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: TUpdateCalendarDaysRequest['days']) =>
      apiCall('/account_calendar/days', {
        method: 'PUT',
        body: { days },
        schema: ZUpdatedCalendarDays,
      }),
    onSuccess: (result) => {
      if (result.ok) {
        return queryClient.invalidateQueries({ queryKey: settingsCommonKeys.calendars });
      }
    },
  });
}

/** «Посчитать срок»: a one-off question, answered with its own error toast. */
export const useDateByWorkdays = () =>
  useMutation({
    mutationFn: (question: { date: string; days: number }) =>
      apiCall('/account_calendar/date_by_workdays', {
        query: question,
        schema: ZDateByWorkdays,
      }),
  });
