import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZGoogleCalendar,
  ZGoogleConnectStart,
  ZGoogleStatus,
  ZGoogleSyncResult,
} from '@ats/contracts/google-calendar';
import { apiRequest } from '../../shared/api-client';

export const googleKeys = {
  status: ['google', 'status'] as const,
  calendars: ['google', 'calendars'] as const,
};

export function useGoogleStatus() {
  return useQuery({
    queryKey: googleKeys.status,
    queryFn: () => apiRequest('/google', { schema: ZGoogleStatus, errorToast: false }),
  });
}

export function useGoogleCalendars(enabled: boolean) {
  return useQuery({
    queryKey: googleKeys.calendars,
    queryFn: () =>
      apiRequest('/google/calendars', { schema: z.array(ZGoogleCalendar), errorToast: false }),
    enabled,
  });
}

/** Asks for the consent page's address and goes there; Google brings the browser back. */
export function useConnectGoogle() {
  return useMutation({
    mutationFn: () =>
      apiRequest('/google/connect', { method: 'POST', schema: ZGoogleConnectStart }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useChooseCalendar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (calendarId: string) =>
      apiRequest('/google/calendar', {
        method: 'PUT',
        body: { calendar_id: calendarId },
        schema: ZGoogleStatus,
        successToast: 'Календарь выбран',
      }),
    onSuccess: (status) => client.setQueryData(googleKeys.status, status),
  });
}

export function useSyncGoogle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/google/sync', {
        method: 'POST',
        schema: ZGoogleSyncResult,
        successToast: 'Синхронизация выполнена',
      }),
    onSettled: () => client.invalidateQueries({ queryKey: googleKeys.status }),
  });
}

export function useDisconnectGoogle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest('/google', {
        method: 'DELETE',
        schema: ZGoogleStatus,
        successToast: 'Google Календарь отключён',
      }),
    onSuccess: (status) => {
      client.setQueryData(googleKeys.status, status);
      client.removeQueries({ queryKey: googleKeys.calendars });
    },
  });
}
