import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { API_CODES } from '@ats/contracts/envelope';
import { z } from 'zod';
import { lazySchema } from '@ats/contracts/lazy-schema';
import {
  ZBoardCardPage,
  ZBoardColumnList,
  type TBoardCard,
  type TBoardColumn,
} from '@ats/contracts/pipeline';
import { apiCall, apiRequest, ApiError } from '../../shared/api-client';
import {
  refreshBoard,
  useReasons,
  useVacancyHeader,
  vacancyHeaderQueryOptions,
} from '../../shared/pipeline/pipeline.queries';
import type { ScreenPrimer } from '../../shared/prefetched-answers';
import { boardKeys } from '../../shared/query-keys';
import { hasBoardFilters, type BoardFilterQuery } from './board-filters';
import {
  cardEnteringStage,
  countsAfterMove,
  nextCardPage,
  withCardOnTop,
  withoutCard,
  type CardPages,
} from './board-columns';

export const BOARD_PAGE_SIZE = 30;

// The vacancy's header and reasons are shared with the applicant's card; the columns are the
// card's too when no filter is set (the same key and fetch).
export { refreshBoard, useReasons, useVacancyHeader as useBoardVacancy };

const NO_FILTERS: BoardFilterQuery = {};

/**
 * The board's cache keys under filters: the plain keys without any (what live events and the
 * other screens refresh), the filters appended otherwise, so each filtered view is cached apart
 * and still refreshed with the vacancy's prefix.
 */
export const filteredKeys = {
  columns: (vacancyId: number, filters: BoardFilterQuery) =>
    hasBoardFilters(filters)
      ? ([...boardKeys.columns(vacancyId), filters] as const)
      : boardKeys.columns(vacancyId),
  cards: (vacancyId: number, statusId: number, filters: BoardFilterQuery) =>
    hasBoardFilters(filters)
      ? ([...boardKeys.cards(vacancyId, statusId), filters] as const)
      : boardKeys.cards(vacancyId, statusId),
};

const boardColumnsQueryOptions = (vacancyId: number, filters: BoardFilterQuery) =>
  queryOptions({
    queryKey: filteredKeys.columns(vacancyId, filters),
    queryFn: ({ signal }) =>
      apiRequest(`/vacancies/${vacancyId}/get_status_vacancy_columns`, {
        query: filters,
        schema: ZBoardColumnList,
        signal,
      }),
  });

export function useBoardColumns(
  vacancyId: number,
  enabled = true,
  filters: BoardFilterQuery = NO_FILTERS,
) {
  return useQuery({
    ...boardColumnsQueryOptions(vacancyId, filters),
    enabled,
    // Typing in the search box keeps the board on screen until the filtered answer comes.
    placeholderData: (previous) => previous,
  });
}

/**
 * The board's first paint reads the vacancy's header, then (when there is a vacancy) its
 * columns: both filled in the route's loader from the screen's answers (its view without
 * filters), so the board is drawn in the page's first render instead of in two renders a timer
 * apart each. No retry there: a failure is the board's to show.
 */
export const primeBoard: ScreenPrimer = async (client, { params }) => {
  const vacancyId = Number(params.id);
  await client.prefetchQuery(vacancyHeaderQueryOptions(vacancyId));
  if (client.getQueryData(vacancyHeaderQueryOptions(vacancyId).queryKey) == null) return;
  await client.prefetchQuery({ ...boardColumnsQueryOptions(vacancyId, NO_FILTERS), retry: false });
};

export const columnCardsOptions = (
  vacancyId: number,
  statusId: number,
  filters: BoardFilterQuery = NO_FILTERS,
) =>
  infiniteQueryOptions({
    queryKey: filteredKeys.cards(vacancyId, statusId, filters),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/status_vacancy_columns/get_applicants', {
        query: {
          vacancy_id: vacancyId,
          status_id: statusId,
          page: pageParam,
          per_page: BOARD_PAGE_SIZE,
          ...filters,
        },
        schema: ZBoardCardPage,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextCardPage,
  });

export function useColumnCards(
  vacancyId: number,
  statusId: number,
  filters: BoardFilterQuery = NO_FILTERS,
) {
  return useInfiniteQuery(columnCardsOptions(vacancyId, statusId, filters));
}

export type MoveInput = { card: TBoardCard; toStatusId: number };

type Snapshot = {
  columns: TBoardColumn[] | undefined;
  from: CardPages | undefined;
  to: CardPages | undefined;
};

/**
 * Moves a card at once on screen, then asks the server; a refusal (403 no rights, 409 closed
 * vacancy, …) puts the card back where it was, and the server's reason shows as a toast.
 */
export function useMoveApplication(vacancyId: number, filters: BoardFilterQuery = NO_FILTERS) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, toStatusId }: MoveInput) =>
      apiRequest(`/applications/${card.application_id}/move`, {
        method: 'POST',
        body: { status_id: toStatusId },
      }),
    onMutate: async ({ card, toStatusId }): Promise<Snapshot> => {
      const fromKey = filteredKeys.cards(vacancyId, card.status_id, filters);
      const toKey = filteredKeys.cards(vacancyId, toStatusId, filters);
      const columnsKey = filteredKeys.columns(vacancyId, filters);
      await Promise.all(
        [fromKey, toKey, columnsKey].map((queryKey) => queryClient.cancelQueries({ queryKey })),
      );
      const snapshot: Snapshot = {
        columns: queryClient.getQueryData(columnsKey),
        from: queryClient.getQueryData(fromKey),
        to: queryClient.getQueryData(toKey),
      };
      queryClient.setQueryData<CardPages>(fromKey, (data) =>
        withoutCard(data, card.application_id),
      );
      queryClient.setQueryData<CardPages>(toKey, (data) =>
        withCardOnTop(data, cardEnteringStage(card, toStatusId)),
      );
      queryClient.setQueryData<TBoardColumn[]>(columnsKey, (columns) =>
        columns ? countsAfterMove(columns, card.status_id, toStatusId) : columns,
      );
      return snapshot;
    },
    onError: (error, { card, toStatusId }, snapshot) => {
      // 409: the vacancy was closed or paused meanwhile; the header learns it and locks the board.
      if (error instanceof ApiError && error.code === API_CODES.conflict) {
        void queryClient.invalidateQueries({ queryKey: boardKeys.header(vacancyId) });
      }
      if (!snapshot) return;
      queryClient.setQueryData(filteredKeys.columns(vacancyId, filters), snapshot.columns);
      queryClient.setQueryData(
        filteredKeys.cards(vacancyId, card.status_id, filters),
        snapshot.from,
      );
      queryClient.setQueryData(filteredKeys.cards(vacancyId, toStatusId, filters), snapshot.to);
    },
    onSettled: (_data, _error, { card, toStatusId }) =>
      refreshBoard(queryClient, vacancyId, [card.status_id, toStatusId]),
  });
}

/** Only what the «Из базы» list shows, so a richer list answer never breaks the dialog. */
const ZFoundApplicants = lazySchema(() =>
  z.object({
    applicants: z.array(
      z.object({
        id: z.number().int(),
        first_name: z.string().nullable(),
        last_name: z.string().nullable(),
        middle_name: z.string().nullable(),
        position: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
      }),
    ),
    applicant_count: z.number().int(),
  }),
);
export type FoundApplicant = z.infer<typeof ZFoundApplicants>['applicants'][number];

/** Applicants of the base the search finds (the list's search), for putting one on the vacancy. */
export function useApplicantBaseSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: ['board', 'base-search', text],
    queryFn: ({ signal }) =>
      apiRequest('/applicants', {
        query: { search: text, per_page: 10 },
        schema: ZFoundApplicants,
        signal,
      }),
    enabled: text.length >= 2,
  });
}

/** Puts an applicant of the base on the vacancy at a stage; the board shows them at once. */
export function usePlaceOnBoard(vacancyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, statusId }: { applicantId: number; statusId: number }) =>
      apiCall('/applications', {
        method: 'POST',
        body: { applicant_id: applicantId, vacancy_id: vacancyId, status_id: statusId },
        successToast: 'Кандидат добавлен на вакансию',
      }),
    onSuccess: (result) => {
      if (result.ok) return refreshBoard(queryClient, vacancyId);
    },
  });
}
