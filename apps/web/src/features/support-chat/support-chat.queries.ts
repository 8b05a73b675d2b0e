import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZSupportChat, ZSupportMessage } from '@ats/contracts/support-chat';
import { apiCall, apiRequest } from '../../shared/api-client';

export const supportChatKeys = { chat: ['support-chat'] as const };

/** The account's conversation; asked again every few seconds while the widget is open. */
export const useSupportChat = (open: boolean) =>
  useQuery({
    queryKey: supportChatKeys.chat,
    queryFn: ({ signal }) => apiRequest('/support_chat', { schema: ZSupportChat, signal }),
    refetchInterval: open ? 3000 : false,
    enabled: open,
  });

export const useSendSupportMessage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiCall('/support_chat/messages', {
        method: 'POST',
        body: { text },
        schema: ZSupportMessage,
        errorToast: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: supportChatKeys.chat }),
  });
};
