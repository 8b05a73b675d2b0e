import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZMailTemplateList } from '@ats/contracts/mail-templates';
import {
  ZNotificationSettings,
  type TNotificationSettings,
  type TUpdateNotificationSettingsRequest,
} from '@ats/contracts/profile';
import {
  type TUpdateUserRequest,
  ZConfirmEmailResponse,
  ZUpdatedTeamMember,
} from '@ats/contracts/users';
import { ZUserTelegram, ZUserTelegramLinkAnswer } from '@ats/contracts/messaging-telegram';
import { apiCall, apiRequest } from '../../shared/api-client';
import { sessionKeys } from '../../shared/session/session.queries';

export const profileKeys = {
  notifications: ['profile', 'notification-settings'] as const,
  telegram: ['profile', 'telegram'] as const,
  templates: ['profile', 'personal-templates'] as const,
};

export function useUpdateProfile(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: TUpdateUserRequest['admin_user']) =>
      apiCall(`/users/${userId}`, {
        method: 'PATCH',
        body: { admin_user: changes },
        successToast: true,
      }),
    // The current user is the one source of names in the shell, so reload it after a change.
    onSuccess: (result) => {
      if (result.ok) return queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}

/**
 * Asks to move one's own account to another address: the server wants the current password and
 * mails a link to the new address; the e-mail stays as it is until that link is opened.
 */
export function useRequestEmailChange(userId: number) {
  return useMutation({
    mutationFn: (body: { email: string; current_password: string }) =>
      apiCall(`/users/${userId}`, {
        method: 'PATCH',
        body: { admin_user: body },
        schema: ZUpdatedTeamMember,
        errorToast: false,
      }),
  });
}

/** The link from the letter to the new address: confirms it once. */
export const confirmEmail = (token: string) =>
  apiCall('/users/confirm_email', {
    method: 'POST',
    body: { token },
    schema: ZConfirmEmailResponse,
    errorToast: false,
  });

export const useNotificationSettings = () =>
  useQuery({
    queryKey: profileKeys.notifications,
    queryFn: ({ signal }) =>
      apiRequest('/admin_user_notification_settings', { schema: ZNotificationSettings, signal }),
  });

type NotificationChanges = TUpdateNotificationSettingsRequest['notification_settings'];

const withChanges = (old: TNotificationSettings, changes: NotificationChanges) =>
  Object.fromEntries(
    Object.entries(old).map(([event, channels]) => [
      event,
      { ...channels, ...changes[event as keyof NotificationChanges] },
    ]),
  ) as TNotificationSettings;

/**
 * Saves a change of the notification switches. The switch moves in the same event (a controlled
 * checkbox would otherwise snap back until the answer), and a refusal puts back what the server
 * keeps.
 */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (changes: NotificationChanges) =>
      apiCall('/admin_user_notification_settings', {
        method: 'PUT',
        body: { notification_settings: changes },
        schema: ZNotificationSettings,
        successToast: 'Настройки уведомлений сохранены',
      }),
    onSuccess: (result) => {
      if (result.ok) queryClient.setQueryData(profileKeys.notifications, result.data);
      else return queryClient.invalidateQueries({ queryKey: profileKeys.notifications });
    },
  });
  const change = (changes: NotificationChanges) => {
    queryClient.setQueryData<TNotificationSettings>(profileKeys.notifications, (old) =>
      old ? withChanges(old, changes) : old,
    );
    mutation.mutate(changes);
  };
  return { change, isPending: mutation.isPending };
}

export const usePersonalTemplates = () =>
  useQuery({
    queryKey: profileKeys.templates,
    queryFn: ({ signal }) =>
      apiRequest('/admin_user_templates', { schema: ZMailTemplateList, signal }),
  });

/** The user's own Telegram for notifications; polled while a link is waiting to be opened. */
export const useUserTelegram = (waiting: boolean) =>
  useQuery({
    queryKey: profileKeys.telegram,
    queryFn: ({ signal }) =>
      apiRequest('/msg_integrations/user_telegram', { schema: ZUserTelegram, signal }),
    refetchInterval: waiting ? 2000 : false,
  });

export const useUserTelegramLink = () =>
  useMutation({
    mutationFn: () =>
      apiCall('/msg_integrations/user_telegram/link', {
        method: 'POST',
        body: {},
        schema: ZUserTelegramLinkAnswer,
      }),
  });

export function useUnlinkUserTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiCall('/msg_integrations/user_telegram', {
        method: 'DELETE',
        successToast: 'Telegram отключён',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.telegram }),
  });
}
