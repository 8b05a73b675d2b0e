// What the board (features/board) and the applicant's card (features/applicants) both read and
// change about a vacancy's pipeline: the vacancy's header, its stage columns with the caller's
// rights, the reasons, and the rejection. One query key and one fetch each, so a move on the card
// refreshes the board and the other way round.
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import { API_CODES } from '@ats/contracts/envelope';
import { ZBoardColumnList, ZReasonList, type TRejectKind } from '@ats/contracts/pipeline';
import { apiCall, apiRequest, ApiError } from '../api-client';
import { applicantKeys, boardKeys } from '../query-keys';

/** Only what the board's header and the card's controls need, so a richer answer never breaks them. */
const ZVacancyHeader = lazySchema(() =>
  z.object({ id: z.number().int(), position: z.string(), state: z.string() }),
);

/** The vacancy's name and state, or null when it is not there (or not visible to the caller). */
export const vacancyHeaderQueryOptions = (vacancyId: number) =>
  queryOptions({
    queryKey: boardKeys.header(vacancyId),
    queryFn: async ({ signal }) => {
      const result = await apiCall(`/vacancies/${vacancyId}`, {
        schema: ZVacancyHeader,
        signal,
        errorToast: false,
      });
      if (result.ok) return result.data;
      if (result.code === API_CODES.notFound) return null;
      throw new ApiError(result.code, result.message);
    },
    retry: false,
  });

export function useVacancyHeader(vacancyId: number, enabled = true) {
  return useQuery({ ...vacancyHeaderQueryOptions(vacancyId), enabled });
}

/** The vacancy's stages as the caller sees them, each with `can_write` (stage rights). */
export function useVacancyColumns(vacancyId: number, enabled = true) {
  return useQuery({
    queryKey: boardKeys.columns(vacancyId),
    queryFn: ({ signal }) =>
      apiRequest(`/vacancies/${vacancyId}/get_status_vacancy_columns`, {
        schema: ZBoardColumnList,
        signal,
      }),
    enabled,
  });
}

/** The account's reasons of one type (reject: the company declines; refuse: the applicant). */
export function useReasons(kind: TRejectKind, enabled: boolean) {
  return useQuery({
    queryKey: boardKeys.reasons(kind),
    queryFn: ({ signal }) =>
      apiRequest('/reasons', { query: { reason_type: kind }, schema: ZReasonList, signal }),
    enabled,
  });
}

/**
 * Refetches what a change of applications on this vacancy may have touched: its columns, the
 * named stages' cards (all when none are named), and the applicant card open over the board.
 */
export function refreshBoard(queryClient: QueryClient, vacancyId: number, statusIds?: number[]) {
  const cards = statusIds?.length
    ? statusIds.map((id) =>
        queryClient.invalidateQueries({ queryKey: boardKeys.cards(vacancyId, id) }),
      )
    : [queryClient.invalidateQueries({ queryKey: boardKeys.cardsOfVacancy(vacancyId) })];
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.columns(vacancyId) }),
    ...cards,
    // Only a card on screen refetches; the others are marked stale for their next look.
    queryClient.invalidateQueries({ queryKey: applicantKeys.cards() }),
  ]);
}

/** After a change of one application: the vacancy's board and the applicant's card. */
export function refreshAfterApplicationChange(
  queryClient: QueryClient,
  target: { vacancyId: number; applicantId: number },
) {
  return Promise.all([
    refreshBoard(queryClient, target.vacancyId),
    queryClient.invalidateQueries({ queryKey: applicantKeys.card(target.applicantId) }),
    queryClient.invalidateQueries({ queryKey: applicantKeys.lists() }),
  ]);
}

/** One applicant on one vacancy, as the rejection needs it. */
export type ApplicationTarget = {
  applicationId: number;
  applicantId: number;
  vacancyId: number;
  /** The applicant's name as shown ('Фамилия Имя'). */
  name: string;
};

export type RejectInput = {
  target: ApplicationTarget;
  kind: TRejectKind;
  reason_id: number;
  comment: string | null;
  /** A rejection stage of the vacancy; the server takes its first one of the kind when absent. */
  status_id?: number;
  /** The message to the applicant on the job site the application came from (decision 0054). */
  site_message?: string | null;
};

/** Rejection (the company) or refusal (the applicant) with a reason; the card goes to that column. */
export function useRejectApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, kind, reason_id, comment, status_id, site_message }: RejectInput) =>
      apiCall(`/applications/${target.applicationId}/${kind}`, {
        method: 'POST',
        body: {
          reason_id,
          comment,
          ...(status_id !== undefined && { status_id }),
          ...(site_message ? { site_message } : {}),
        },
        successToast: kind === 'reject' ? 'Кандидату отказано' : 'Отмечено: кандидат отказался',
      }),
    onSuccess: (result, { target }) => {
      if (result.ok) return refreshAfterApplicationChange(queryClient, target);
    },
  });
}

export type MoveInput = { target: ApplicationTarget; toStatusId: number };

/** Moves the application to another working stage of its vacancy (not optimistic: the card waits). */
export function useMoveApplicationTo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, toStatusId }: MoveInput) =>
      apiCall(`/applications/${target.applicationId}/move`, {
        method: 'POST',
        body: { status_id: toStatusId },
        successToast: 'Этап изменён',
      }),
    onSuccess: (result, { target }) => {
      if (result.ok) return refreshAfterApplicationChange(queryClient, target);
    },
  });
}
