import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { ZApplicantFile } from '@ats/contracts/files';
import { ZMailTemplateList } from '@ats/contracts/mail-templates';
import { apiCall, apiRequest, apiUpload, type ApiResult } from '../../shared/api-client';
import { applicantKeys, unreadKeys } from '../../shared/query-keys';
import {
  ZApplicantChatChannels,
  ZChatHistory,
  ZConversationList,
  ZMsgChannel,
  ZMsgChannelList,
  ZMsgMessage,
  type TChatHistory,
  type TMsgChannel,
  type TCreateMsgChannelRequest,
  type TMsgMessage,
  type TSendMessageRequest,
  type TUpdateMsgChannelRequest,
} from '@ats/contracts/messaging';

const BASE = '/msg_integrations';
export const CONVERSATIONS_PAGE_SIZE = 30;

export const messagingKeys = {
  all: ['messaging'] as const,
  channels: () => [...messagingKeys.all, 'channels'] as const,
  myChannels: () => [...messagingKeys.channels(), 'mine'] as const,
  accountChannels: () => [...messagingKeys.channels(), 'account'] as const,
  histories: () => [...messagingKeys.all, 'history'] as const,
  history: (applicantId: number) => [...messagingKeys.histories(), applicantId] as const,
  conversations: () => [...messagingKeys.all, 'conversations'] as const,
  telegramLinks: (applicantId: number) =>
    [...messagingKeys.all, 'telegram-links', applicantId] as const,
  chatChannels: (applicantId: number) =>
    [...messagingKeys.all, 'chat-channels', applicantId] as const,
  templates: ['messaging', 'templates'] as const,
};

/** The channels the user may write through: their own and the company's. */
export const useMyChannels = () =>
  useQuery({
    queryKey: messagingKeys.myChannels(),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/msg_channels`, { schema: ZMsgChannelList, signal, errorToast: false }),
  });

/** Every channel of the company (the settings screen). */
export const useAccountChannels = () =>
  useQuery({
    queryKey: messagingKeys.accountChannels(),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/msg_channels/account`, {
        schema: ZMsgChannelList,
        signal,
        errorToast: false,
      }),
  });

/**
 * The channels the user writes through: the company's and their own (one list, company first),
 * with the state of the two requests.
 */
export function useWritableChannels() {
  const mine = useMyChannels();
  const company = useAccountChannels();
  const byId = new Map<number, TMsgChannel>();
  for (const channel of [...(company.data ?? []), ...(mine.data ?? [])]) {
    byId.set(channel.id, channel);
  }
  return {
    channels: [...byId.values()],
    isPending: mine.isPending || company.isPending,
    error: mine.error ?? company.error,
    refetch: () => Promise.all([mine.refetch(), company.refetch()]),
  };
}

/** The channels on which the applicant has a chat: a job site's is offered only then. */
export const useApplicantChatChannels = (applicantId: number) =>
  useQuery({
    queryKey: messagingKeys.chatChannels(applicantId),
    queryFn: ({ signal }) =>
      apiRequest(`${BASE}/chats/applicant_chats/${applicantId}/channels`, {
        schema: ZApplicantChatChannels,
        signal,
        errorToast: false,
      }),
  });

/** One applicant's conversation, newest page first; each next page is older. */
export function useChatHistory(applicantId: number) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messagingKeys.history(applicantId),
    queryFn: async ({ pageParam, signal }) => {
      const page = await apiRequest(`${BASE}/chats/applicant_chats_history/${applicantId}`, {
        schema: ZChatHistory,
        query: { before_id: pageParam ?? undefined },
        signal,
        errorToast: false,
      });
      // Reading the conversation marks its messages read: the counters change.
      if (page.unread > 0) void queryClient.invalidateQueries({ queryKey: unreadKeys.all });
      return page;
    },
    initialPageParam: null as number | null,
    getNextPageParam: (last: TChatHistory) => (last.has_more ? last.next_before_id : null),
  });
}

/** The messages of the loaded pages, oldest first, as the timeline draws them. */
export function timelineOf(data: InfiniteData<TChatHistory> | undefined): TMsgMessage[] {
  if (!data) return [];
  const byId = new Map<number, TMsgMessage>();
  // Pages are read newest first; a message on two pages (new ones pushed it down) keeps the
  // newer copy, which carries its latest state.
  for (const page of data.pages) {
    for (const message of page.items) if (!byId.has(message.id)) byId.set(message.id, message);
  }
  return [...byId.values()].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
}

export const useConversations = () =>
  useInfiniteQuery({
    queryKey: messagingKeys.conversations(),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`${BASE}/chats`, {
        schema: ZConversationList,
        query: { page: pageParam, per_page: CONVERSATIONS_PAGE_SIZE },
        signal,
        errorToast: false,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : null),
  });

/** The templates of /settings/mail-templates, offered in every channel. */
export const useMessageTemplates = () =>
  useQuery({
    queryKey: messagingKeys.templates,
    queryFn: ({ signal }) =>
      apiRequest('/account_mail_temps', { schema: ZMailTemplateList, signal, errorToast: false }),
  });

export type SendDraft = Omit<TSendMessageRequest, 'file_ids'> & { files: File[] };

/**
 * Sends a message: its files go to the card first (as attachments), then the message names
 * them. The timeline and the counters are read again whatever happened.
 */
export function useSendMessage(applicantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ files, ...draft }: SendDraft): Promise<ApiResult<TMsgMessage>> => {
      const fileIds: number[] = [];
      for (const file of files) {
        const uploaded = await apiUpload(`/applicants/${applicantId}/files`, file, {
          fields: { kind: 'attachment' },
          schema: ZApplicantFile,
        });
        if (!uploaded.ok) return uploaded;
        fileIds.push(uploaded.data.id);
      }
      if (fileIds.length > 0) {
        void queryClient.invalidateQueries({ queryKey: applicantKeys.card(applicantId) });
      }
      return apiCall(`${BASE}/chats/applicant_chats/${applicantId}/messages`, {
        method: 'POST',
        body: { ...draft, file_ids: fileIds },
        schema: ZMsgMessage,
        // The composer shows the refusal beside the text.
        errorToast: false,
      });
    },
    onSettled: () => invalidateConversation(queryClient, applicantId),
  });
}

/** «Повторить»: a failed message goes back to the queue. */
export function useRetryMessage(applicantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) =>
      apiCall(`${BASE}/chats/messages/${messageId}/retry`, { method: 'POST', schema: ZMsgMessage }),
    onSettled: () => invalidateConversation(queryClient, applicantId),
  });
}

export function invalidateConversation(queryClient: QueryClient, applicantId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messagingKeys.history(applicantId) }),
    queryClient.invalidateQueries({ queryKey: unreadKeys.all }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.conversations() }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.telegramLinks(applicantId) }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.chatChannels(applicantId) }),
  ]);
}

function invalidateChannels(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: messagingKeys.channels() });
}

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TCreateMsgChannelRequest) =>
      apiCall(`${BASE}/msg_channels`, {
        method: 'POST',
        body,
        schema: ZMsgChannel,
        successToast: 'Канал подключён',
        // Field errors (a bad token) are shown by the form.
        errorToast: false,
      }),
    onSuccess: (result) => {
      if (result.ok) return invalidateChannels(queryClient);
    },
  });
}

export function useUpdateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: TUpdateMsgChannelRequest & { id: number }) =>
      apiCall(`${BASE}/msg_channels/${id}`, { method: 'PATCH', body, schema: ZMsgChannel }),
    onSettled: () => invalidateChannels(queryClient),
  });
}

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiCall(`${BASE}/msg_channels/${id}`, { method: 'DELETE', successToast: 'Канал отключён' }),
    onSettled: () => invalidateChannels(queryClient),
  });
}
