import { ChevronDownIcon, ChevronUpIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { iconButton } from '@ats/ui/button';
import { Drawer } from '@ats/ui/drawer';
import { useApplicantCard } from '../../shared/applicant/applicant-card.queries';
import { applicantName } from '../../shared/format/applicant-format';
import { setDocumentTitle } from '../../shared/use-document-title';
import { loadedCards } from './board-columns';
import { columnCardsOptions } from './board.queries';

/** The search parameter naming the applicant open in the panel, so a reload reopens it. */
export const PANEL_PARAM = 'applicant';

/** The board's address with the applicant's card open in the panel, other parameters kept. */
export function withOpenApplicant(search: string, applicantId: number | null) {
  const params = new URLSearchParams(search);
  if (applicantId === null) {
    params.delete(PANEL_PARAM);
    // The card's tab («Переписка») belongs to the panel: the board itself has none.
    params.delete('tab');
  } else {
    params.set(PANEL_PARAM, String(applicantId));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The applicant open in the panel, from the board's address. */
export function openApplicantOf(params: URLSearchParams): number | null {
  const id = Number(params.get(PANEL_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Keys that go to the neighbours in the column (not while typing). */
const NEXT_KEYS = new Set(['j', 'о', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['k', 'л', 'ArrowUp']);

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

type Props = {
  vacancyId: number;
  applicantId: number;
  onClose: () => void;
  onOpen: (applicantId: number) => void;
  /** The card's content (features/applicants), composed by the route. */
  renderCard: (applicantId: number) => ReactNode;
  /** The board's tab title, given back when the panel closes. */
  boardTitle: string;
};

/**
 * The applicant's card over the board, in a side panel: previous and next applicant of the same
 * column by buttons or the keyboard (J/K, ↑/↓ when the panel itself has focus), Escape back to
 * the board.
 */
export function CardPanel(props: Props) {
  const { vacancyId, applicantId, onClose, onOpen, renderCard, boardTitle } = props;
  const card = useApplicantCard(applicantId);
  // The card names the tab after the applicant; closing the panel gives the board its name back.
  const boardTitleRef = useRef(boardTitle);
  useLayoutEffect(() => {
    boardTitleRef.current = boardTitle;
  });
  useEffect(() => () => setDocumentTitle(boardTitleRef.current), []);
  const statusId = card.data?.vacancies.find((v) => v.vacancy_id === vacancyId)?.status_id;
  const column = useInfiniteQuery({
    ...columnCardsOptions(vacancyId, statusId ?? 0),
    enabled: statusId != null,
  });
  const cards = loadedCards(column.data);
  const index = cards.findIndex((c) => c.applicant_id === applicantId);
  const previous = index > 0 ? cards[index - 1] : undefined;
  const next = index >= 0 ? cards[index + 1] : undefined;
  const canLoadMore = index >= 0 && index === cards.length - 1 && column.hasNextPage;

  const goNext = async () => {
    if (next) return onOpen(next.applicant_id);
    if (!canLoadMore) return;
    const more = await column.fetchNextPage();
    const following = loadedCards(more.data)[index + 1];
    if (following) onOpen(following.applicant_id);
  };
  const goPrevious = () => previous && onOpen(previous.applicant_id);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
    // Arrows scroll the card unless the panel itself (not a control in it) has focus.
    const arrow = event.key.startsWith('Arrow');
    const onPanel = (event.target as HTMLElement | null)?.getAttribute('role') === 'dialog';
    if (arrow && !onPanel) return;
    if (NEXT_KEYS.has(event.key)) {
      event.preventDefault();
      void goNext();
    } else if (PREVIOUS_KEYS.has(event.key)) {
      event.preventDefault();
      goPrevious();
    }
  };

  const name = card.data ? applicantName(card.data) : 'Кандидат';
  const position =
    index >= 0 ? `${index + 1} из ${column.data?.pages[0]?.applicant_count ?? cards.length}` : '';
  return (
    <Drawer
      open
      onClose={onClose}
      label={`Карточка: ${name}`}
      onKeyDown={onKeyDown}
      toolbar={
        <>
          <button
            type="button"
            className={iconButton}
            aria-label="Предыдущий кандидат"
            aria-keyshortcuts="K"
            title="Предыдущий кандидат (K)"
            disabled={!previous}
            onClick={goPrevious}
          >
            <ChevronUpIcon className="size-5" aria-hidden="true" />
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label="Следующий кандидат"
            aria-keyshortcuts="J"
            title="Следующий кандидат (J)"
            disabled={!next && !canLoadMore}
            onClick={() => void goNext()}
          >
            <ChevronDownIcon className="size-5" aria-hidden="true" />
          </button>
          <p className="min-w-0 flex-1 truncate text-sm text-zinc-600" aria-live="polite">
            {position && <span>{position} в колонке · </span>}
            <span className="hidden sm:inline">J / K — соседние кандидаты</span>
          </p>
          <button
            type="button"
            className={iconButton}
            aria-label="Закрыть карточку"
            title="Закрыть (Esc)"
            onClick={onClose}
          >
            <XMarkIcon className="size-5" aria-hidden="true" />
          </button>
        </>
      }
    >
      {renderCard(applicantId)}
    </Drawer>
  );
}
