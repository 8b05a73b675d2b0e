import type { ApplicantFilters } from './applicant-filters';
import type { SkillItem } from './skills-input';

/** The filters panel as its inputs hold it: text for numbers, skills with their names. */
export type FilterDraft = {
  vacancy_id: string;
  status_id: string;
  created_from: string;
  created_to: string;
  account_source_id: string;
  tags: number[];
  skills: SkillItem[];
  country_id: string;
  position: string;
  company: string;
  total_experience: string;
  age_from: string;
  age_to: string;
  salary_from: string;
  salary_to: string;
  currency: string;
  admin_user_id: string;
  email: string;
  phone: string;
  tg: string;
  only_mine: boolean;
};

// Names of skills picked in this session, so chips of an applied filter show names, not ids.
const skillNames = new Map<number, string>();
export const rememberSkillNames = (skills: SkillItem[]) => {
  for (const skill of skills) if (skill.id) skillNames.set(skill.id, skill.name);
};

const str = (value: number | string | undefined) => (value === undefined ? '' : String(value));
const num = (value: string) => {
  const n = Number(value.replace(/\s/g, ''));
  return value.trim() && Number.isFinite(n) ? n : undefined;
};

export function draftFromFilters(filters: ApplicantFilters): FilterDraft {
  return {
    vacancy_id: str(filters.vacancy_id),
    status_id: str(filters.status_id),
    created_from: filters.created_from ?? '',
    created_to: filters.created_to ?? '',
    account_source_id: str(filters.account_source_id),
    tags: filters.tags ?? [],
    skills: (filters.skill_ids ?? []).map((id) => ({
      id,
      name: skillNames.get(id) ?? `Навык №${id}`,
    })),
    country_id: str(filters.country_id),
    position: filters.position ?? '',
    company: filters.company ?? '',
    total_experience: str(filters.total_experience),
    age_from: str(filters.age_from),
    age_to: str(filters.age_to),
    salary_from: str(filters.salary_from),
    salary_to: str(filters.salary_to),
    currency: filters.currency ?? '',
    admin_user_id: str(filters.admin_user_id),
    email: filters.email ?? '',
    phone: filters.phone ?? '',
    tg: filters.tg ?? '',
    only_mine: filters.only_mine ?? false,
  };
}

export function filtersFromDraft(draft: FilterDraft): ApplicantFilters {
  rememberSkillNames(draft.skills);
  return {
    vacancy_id: num(draft.vacancy_id),
    // A stage belongs to its vacancy: without the vacancy it is not kept.
    status_id: draft.vacancy_id ? num(draft.status_id) : undefined,
    created_from: draft.created_from || undefined,
    created_to: draft.created_to || undefined,
    account_source_id: num(draft.account_source_id),
    tags: draft.tags,
    skill_ids: draft.skills.flatMap((s) => (s.id ? [s.id] : [])),
    country_id: num(draft.country_id),
    position: draft.position.trim() || undefined,
    company: draft.company.trim() || undefined,
    total_experience: num(draft.total_experience),
    age_from: num(draft.age_from),
    age_to: num(draft.age_to),
    salary_from: num(draft.salary_from),
    salary_to: num(draft.salary_to),
    currency: draft.currency || undefined,
    admin_user_id: num(draft.admin_user_id),
    email: draft.email.trim() || undefined,
    phone: draft.phone.trim() || undefined,
    tg: draft.tg.trim() || undefined,
    only_mine: draft.only_mine || undefined,
  };
}

export type DraftErrors = Partial<Record<'age_to' | 'salary_to' | 'created_to', string>>;

/** Ranges must not run backwards; the message sits under the «до» field. */
export function validateDraft(draft: FilterDraft): DraftErrors {
  const errors: DraftErrors = {};
  const range = (from: string, to: string) => {
    const a = num(from);
    const b = num(to);
    return a !== undefined && b !== undefined && a > b;
  };
  if (range(draft.age_from, draft.age_to)) errors.age_to = 'Возраст «до» меньше, чем «от»';
  if (range(draft.salary_from, draft.salary_to)) {
    errors.salary_to = 'Зарплата «до» меньше, чем «от»';
  }
  if (draft.created_from && draft.created_to && draft.created_from > draft.created_to) {
    errors.created_to = 'Дата «по» раньше, чем «с»';
  }
  return errors;
}

/** Saved sets come back as free JSON; keep only the keys this screen understands. */
export function filtersFromSaved(saved: Record<string, unknown>): ApplicantFilters {
  const ids = (v: unknown) =>
    Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n > 0) : undefined;
  const n = (v: unknown) =>
    typeof v === 'number' || typeof v === 'string' ? num(String(v)) : undefined;
  const s = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
  return {
    vacancy_id: n(saved.vacancy_id),
    status_id: n(saved.status_id),
    created_from: s(saved.created_from),
    created_to: s(saved.created_to),
    account_source_id: n(saved.account_source_id),
    tags: ids(saved.tags),
    skill_ids: ids(saved.skill_ids),
    country_id: n(saved.country_id),
    position: s(saved.position),
    company: s(saved.company),
    total_experience: n(saved.total_experience),
    age_from: n(saved.age_from),
    age_to: n(saved.age_to),
    salary_from: n(saved.salary_from),
    salary_to: n(saved.salary_to),
    currency: s(saved.currency),
    admin_user_id: n(saved.admin_user_id),
    email: s(saved.email),
    phone: s(saved.phone),
    tg: s(saved.tg),
    only_mine: saved.only_mine === true || saved.only_mine === 'true' || undefined,
  };
}
