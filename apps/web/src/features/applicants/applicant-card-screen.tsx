import { ArrowLeftIcon, UserMinusIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { TApplicant } from '@ats/contracts/applicants';
import { Button, buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Spinner } from '@ats/ui/spinner';
import { Tabs } from '@ats/ui/tabs';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { applicantName } from '../../shared/format/applicant-format';
import { CardEditingContext } from './card-access';
import { CardHeader } from './card-header';
import { CommentsSection } from './card-comments';
import { FilesSection } from './card-files';
import {
  AboutSection,
  UnidentifiedSection,
  ContactsSection,
  ResumeLinksSection,
  EducationSection,
  ExperienceSection,
  LanguagesSection,
  LicensesSection,
  SalarySection,
  SkillsSection,
  SourceSection,
  VacanciesSection,
} from './card-sections';
import { TagsSection } from './card-tags';
import { WorklogSection } from './card-worklog';
import { useApplicantCard } from '../../shared/applicant/applicant-card.queries';

function BackLink() {
  const me = useCurrentUser();
  // A hiring manager has no applicant base to go back to: their vacancies are on the home page.
  const watcher = me.member_type === 'watcher';
  return (
    <Link to={watcher ? '/' : '/applicants'} className={buttonClassName('ghost', 'sm')}>
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {watcher ? 'К вакансиям' : 'Все кандидаты'}
    </Link>
  );
}

type Props = {
  id: number;
  /** «Оценки» (scorecards, features/evaluations), composed by the route: after «Нераспознанная информация». */
  renderEvaluations?: (applicant: TApplicant) => ReactNode;
  /** Shown in the board's side panel: no way back to «Все кандидаты», one column. */
  embedded?: boolean;
  /**
   * Actions of other features on this applicant («Назначить встречу», «Отложить действие»,
   * «Ссылка на запись»), composed by the route; not shown to watchers.
   */
  renderActions?: (applicant: TApplicant) => ReactNode;
  /**
   * The «Переписка» tab (features/messaging), composed by the route, with its unread count;
   * without it the card has no tabs.
   */
  conversation?: { render: (applicant: TApplicant) => ReactNode; unread?: number };
};

const CARD_TABS = ['card', 'messages'] as const;
type CardTab = (typeof CARD_TABS)[number];
const CARD_TAB_LABELS: Record<CardTab, string> = { card: 'Карточка', messages: 'Переписка' };
const CARD_PANEL_ID = 'applicant-card-panel';

/** The tab in the address (`?tab=messages`), so a link or a reload opens the conversation. */
function useCardTab(): [CardTab, (tab: CardTab) => void] {
  const [params, setParams] = useSearchParams();
  const tab: CardTab = params.get('tab') === 'messages' ? 'messages' : 'card';
  const setTab = (next: CardTab) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === 'card') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  return [tab, setTab];
}

export function ApplicantCardScreen({
  id,
  renderEvaluations,
  embedded = false,
  renderActions,
  conversation,
}: Props) {
  const me = useCurrentUser();
  const card = useApplicantCard(id);
  const [tab, setTab] = useCardTab();
  const applicant = card.data;
  useDocumentTitle(applicant ? applicantName(applicant) : 'Кандидат');

  if (card.isPending && card.fetchStatus !== 'idle') {
    return (
      <div className="flex justify-center py-24 text-zinc-500">
        <Spinner label="Загружаем карточку кандидата" className="[&>svg]:size-6" />
      </div>
    );
  }
  if (card.isError) {
    return (
      <EmptyState
        title="Не удалось загрузить карточку"
        description={card.error.message}
        action={<Button onClick={() => void card.refetch()}>Повторить</Button>}
      />
    );
  }
  if (!applicant) {
    return (
      <EmptyState
        icon={<UserMinusIcon />}
        title="Кандидат не найден"
        description="Возможно, его удалили или ссылка неверна."
        action={embedded ? undefined : <BackLink />}
      />
    );
  }

  return (
    <CardEditingContext.Provider value={me.member_type !== 'watcher'}>
      {/* data-ready: the card's data is drawn (what the browser tests and `bench -- screens` wait for). */}
      <article className="mx-auto max-w-6xl" data-screen="applicant" data-ready="true">
        {!embedded && (
          <div className="mb-3">
            <BackLink />
          </div>
        )}
        <CardHeader applicant={applicant} isAdmin={me.is_admin} />
        {renderActions && me.member_type !== 'watcher' && (
          <div className="mb-4 flex flex-wrap justify-end gap-2">{renderActions(applicant)}</div>
        )}
        {conversation && (
          <Tabs
            items={CARD_TABS}
            value={tab}
            onChange={setTab}
            labels={CARD_TAB_LABELS}
            counts={conversation.unread ? { messages: conversation.unread } : undefined}
            label="Разделы карточки"
            idPrefix="applicant-card-tab"
            panelId={CARD_PANEL_ID}
            className="mb-4"
          />
        )}
        {conversation && tab === 'messages' && (
          <div id={CARD_PANEL_ID} role="tabpanel" aria-labelledby="applicant-card-tab-messages">
            {conversation.render(applicant)}
          </div>
        )}
        <div
          {...(conversation
            ? {
                id: tab === 'card' ? CARD_PANEL_ID : undefined,
                role: 'tabpanel',
                'aria-labelledby': 'applicant-card-tab-card',
                hidden: tab !== 'card',
              }
            : {})}
          className={
            embedded ? 'grid gap-4' : 'grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]'
          }
        >
          <div className="flex min-w-0 flex-col gap-4">
            {/* Over the board, moving the applicant is what the card is opened for. */}
            {embedded && <VacanciesSection applicant={applicant} />}
            <ContactsSection applicant={applicant} />
            <ResumeLinksSection applicant={applicant} />
            <ExperienceSection applicant={applicant} />
            <EducationSection applicant={applicant} />
            <AboutSection applicant={applicant} />
            <UnidentifiedSection applicant={applicant} />
            {renderEvaluations?.(applicant)}
            <CommentsSection applicant={applicant} />
            <WorklogSection applicant={applicant} />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            {!embedded && <VacanciesSection applicant={applicant} />}
            <TagsSection applicant={applicant} />
            <SalarySection applicant={applicant} />
            <SkillsSection applicant={applicant} />
            <LanguagesSection applicant={applicant} />
            <LicensesSection applicant={applicant} />
            <SourceSection applicant={applicant} />
            <FilesSection applicant={applicant} />
          </div>
        </div>
      </article>
    </CardEditingContext.Provider>
  );
}
