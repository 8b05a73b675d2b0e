// The list's filters as a type of their own, so the URL state (list-query) and the filter
// panel's draft (filter-draft) both use it without importing each other.

/** The list filters of huntlee-api.md §5.3 as the screen keeps them; empty means "any". */
export type ApplicantFilters = {
  vacancy_id?: number;
  status_id?: number;
  /** Inclusive days (ГГГГ-ММ-ДД) the applicant was added. */
  created_from?: string;
  created_to?: string;
  account_source_id?: number;
  tags?: number[];
  skill_ids?: number[];
  country_id?: number;
  position?: string;
  company?: string;
  total_experience?: number;
  age_from?: number;
  age_to?: number;
  salary_from?: number;
  salary_to?: number;
  currency?: string;
  employments?: number[];
  admin_user_id?: number;
  email?: string;
  phone?: string;
  tg?: string;
  only_mine?: boolean;
};
