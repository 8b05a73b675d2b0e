// The query-cache keys that more than one feature reads or refreshes. Features may not import
// each other (.dependency-cruiser.cjs), so a key that another feature invalidates lives here,
// next to the other features' keys it must stay consistent with.
import type { TCheckDoublesRequest, TDoubleLevel, TMergeRequest } from '@ats/contracts/duplicates';
import type { TRejectKind } from '@ats/contracts/pipeline';

/** Applicants: their lists (`[...lists(), params]`, features/applicants) and cards. */
export const applicantKeys = {
  all: ['applicants'] as const,
  lists: () => [...applicantKeys.all, 'list'] as const,
  cards: () => [...applicantKeys.all, 'card'] as const,
  card: (id: number) => [...applicantKeys.cards(), id] as const,
};

export const boardKeys = {
  all: ['board'] as const,
  vacancy: (vacancyId: number) => [...boardKeys.all, vacancyId] as const,
  header: (vacancyId: number) => [...boardKeys.vacancy(vacancyId), 'header'] as const,
  columns: (vacancyId: number) => [...boardKeys.vacancy(vacancyId), 'columns'] as const,
  cardsOfVacancy: (vacancyId: number) => [...boardKeys.vacancy(vacancyId), 'cards'] as const,
  cards: (vacancyId: number, statusId: number) =>
    [...boardKeys.cardsOfVacancy(vacancyId), statusId] as const,
  reasons: (kind: TRejectKind) => ['reasons', kind] as const,
};

/**
 * Funnels (`['status-groups']`, read by the vacancy form too) and a vacancy's own stages, which
 * the stage editor changes and the vacancy page and board show.
 */
export const stageKeys = {
  funnels: ['status-groups'] as const,
  vacancies: ['vacancy-stages'] as const,
  ofVacancy: (vacancyId: number) => [...stageKeys.vacancies, vacancyId] as const,
  countsOfVacancy: (vacancyId: number) => [...stageKeys.ofVacancy(vacancyId), 'counts'] as const,
  // The vacancies feature's roots (features/vacancies: vacancyKeys.all and .home): a vacancy, its
  // statistics and the home's stage bars name the stages, so a stage change reads them again.
  vacancyViews: [['vacancies'], ['home']] as const,
};

export const duplicateKeys = {
  all: ['duplicates'] as const,
  check: (draft: TCheckDoublesRequest) => [...duplicateKeys.all, 'check', draft] as const,
  ofApplicant: (id: number) => [...duplicateKeys.all, 'of', id] as const,
  lists: () => [...duplicateKeys.all, 'list'] as const,
  list: (level: TDoubleLevel | null) => [...duplicateKeys.lists(), level ?? 'all'] as const,
  scan: () => [...duplicateKeys.all, 'scan'] as const,
  preview: (request: TMergeRequest) => [...duplicateKeys.all, 'preview', request] as const,
  merges: (applicantId: number) => [...duplicateKeys.all, 'merges', applicantId] as const,
};

export const settingsCommonKeys = {
  settings: ['common-settings'] as const,
  calendars: ['account-calendar'] as const,
  calendar: (year: number) => ['account-calendar', year] as const,
};

export const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  seats: () => [...teamKeys.all, 'seats'] as const,
  invitation: (token: string) => ['invitation', token] as const,
};

/**
 * Calendar events (features/events): the periods shown and the users whose calendars one may
 * see. The home page (features/vacancies, key ['home']) lists today's and tomorrow's events, so
 * a change of an event reads it again.
 */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (period: { from: string; to: string; userIds: number[] }) =>
    [...eventKeys.lists(), period] as const,
  users: ['events', 'users'] as const,
  homeViews: [['home']] as const,
};

/**
 * Unread messages from applicants (shared/messaging): the header's total, the list's and the
 * card's counts. The messaging feature reads them again when a message arrives or is read.
 */
export const unreadKeys = {
  all: ['messaging-unread'] as const,
  of: (applicantIds: readonly number[]) => [...unreadKeys.all, applicantIds.join(',')] as const,
};
