import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_SETTINGS_SAVED,
  ZAccount,
  type TAccount,
  type TAccountSettingsFields,
} from '@ats/contracts/account';
import { apiCall, apiUpload, type ApiResult } from '../../shared/api-client';
import { type AccountState, sessionKeys } from '../../shared/session/session.queries';
import { settingsCommonKeys } from '../../shared/query-keys';

export const LOGO_SAVED = 'Логотип загружен';
export const LOGO_REMOVED = 'Логотип удалён';

/**
 * Every change of the company answers the account: it becomes the cached account at once (the
 * header shows its name and logo), and `me` and the common settings are read again, since they
 * carry the company's name, ИНН and time zone too.
 */
function useAccountChange<TInput>(send: (input: TInput) => Promise<ApiResult<TAccount>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (result) => {
      if (!result.ok) return;
      const next: AccountState = { state: 'active', account: result.data };
      queryClient.setQueryData(sessionKeys.account, next);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
        queryClient.invalidateQueries({ queryKey: settingsCommonKeys.settings }),
      ]);
    },
  });
}

export const useUpdateAccountSettings = () =>
  useAccountChange((changes: TAccountSettingsFields) =>
    apiCall('/account/account_settings', {
      method: 'PATCH',
      body: changes,
      schema: ZAccount,
      successToast: ACCOUNT_SETTINGS_SAVED,
    }),
  );

export const useUploadLogo = () =>
  useAccountChange((file: File) =>
    apiUpload('/account/logo', file, { schema: ZAccount, successToast: LOGO_SAVED }),
  );

export const useRemoveLogo = () =>
  useAccountChange(() =>
    apiCall('/account/logo', { method: 'DELETE', schema: ZAccount, successToast: LOGO_REMOVED }),
  );
