import type { TApplicantListSort } from '@ats/contracts/applicant-list';

export const SORT_LABELS: Record<TApplicantListSort, string> = {
  relevance: 'По релевантности',
  created_desc: 'Сначала новые',
  created_asc: 'Сначала старые',
  name_asc: 'По имени, А–Я',
  salary_desc: 'Сначала с большей зарплатой',
};

/** The server's own default: relevance while searching, newest first otherwise. */
export const defaultSort = (searching: boolean): TApplicantListSort =>
  searching ? 'relevance' : 'created_desc';
