import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { API_CODES } from '@ats/contracts/envelope';
import { ZBoardCardPage, type TBoardCard, type TBoardColumn } from '@ats/contracts/pipeline';
import { apiRequest, ApiError } from '../../shared/api-client';
import { refreshBoard } from '../../shared/pipeline/pipeline.queries';
import { boardKeys } from '../../shared/query-keys';
import {
  cardEnteringStage,
  countsAfterMove,
  nextCardPage,
  withCardOnTop,
  withoutCard,
  type CardPages,
} from './board-columns';

export const BOARD_PAGE_SIZE = 30;

// The vacancy's header, columns and reasons are shared with the applicant's card.
export {
  refreshBoard,
  useReasons,
  useVacancyColumns as useBoardColumns,
  useVacancyHeader as useBoardVacancy,
} from '../../shared/pipeline/pipeline.queries';

export const columnCardsOptions = (vacancyId: number, statusId: number) =>
  infiniteQueryOptions({
    queryKey: boardKeys.cards(vacancyId, statusId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/status_vacancy_columns/get_applicants', {
        query: {
          vacancy_id: vacancyId,
          status_id: statusId,
          page: pageParam,
          per_page: BOARD_PAGE_SIZE,
        },
        schema: ZBoardCardPage,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: nextCardPage,
  });

export function useColumnCards(vacancyId: number, statusId: number) {
  return useInfiniteQuery(columnCardsOptions(vacancyId, statusId));
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
export function useMoveApplication(vacancyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, toStatusId }: MoveInput) =>
      apiRequest(`/applications/${card.application_id}/move`, {
        method: 'POST',
        body: { status_id: toStatusId },
      }),
    onMutate: async ({ card, toStatusId }): Promise<Snapshot> => {
      const fromKey = boardKeys.cards(vacancyId, card.status_id);
      const toKey = boardKeys.cards(vacancyId, toStatusId);
      const columnsKey = boardKeys.columns(vacancyId);
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
      queryClient.setQueryData(boardKeys.columns(vacancyId), snapshot.columns);
      queryClient.setQueryData(boardKeys.cards(vacancyId, card.status_id), snapshot.from);
      queryClient.setQueryData(boardKeys.cards(vacancyId, toStatusId), snapshot.to);
    },
    onSettled: (_data, _error, { card, toStatusId }) =>
      refreshBoard(queryClient, vacancyId, [card.status_id, toStatusId]),
  });
}
