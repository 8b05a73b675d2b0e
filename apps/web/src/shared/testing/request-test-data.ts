// Test data for the hiring requests' screens (not shipped: only the *.test.tsx files import it).
import type {
  TRequest,
  TRequestPage,
  TRequestStep,
  TRequestTemplate,
} from '@ats/contracts/vacancy-applications';

const NOTHING_ALLOWED: TRequest['can'] = {
  edit: false,
  delete: false,
  submit: false,
  approve: false,
  reject: false,
  return: false,
  withdraw: false,
  take: false,
  close: false,
};

export function requestStepOf(overrides: Partial<TRequestStep> = {}): TRequestStep {
  return {
    index: 0,
    name: 'Руководитель отдела',
    mode: 'any',
    deadline_days: 3,
    state: 'waiting',
    started_at: null,
    due_at: null,
    overdue: false,
    approvers: [
      {
        type: 'user',
        user_id: 2,
        email: null,
        name: 'Анна Смирнова',
        decision: null,
        decided_at: null,
        comment: null,
      },
    ],
    ...overrides,
  };
}

export function requestOf(
  overrides: Omit<Partial<TRequest>, 'can'> & { can?: Partial<TRequest['can']> } = {},
): TRequest {
  const { can, ...rest } = overrides;
  return {
    id: 5,
    template_id: null,
    template_name: null,
    state: 'draft',
    position: 'Бухгалтер',
    salary: null,
    salary_from: 120000,
    salary_to: 150000,
    currency: 'RUB',
    description: null,
    comment: null,
    needed: 1,
    date_will_close: null,
    body: null,
    requirements: null,
    conditions: null,
    information: null,
    priority: 0,
    additional_fields_list: [],
    template_values: {},
    files: [],
    days_until_deadline: null,
    account_division: null,
    author: { id: 7, name: 'Олег Петров' },
    vacancy_id: null,
    current_step: null,
    steps: [],
    history: [],
    submitted_at: null,
    created_at: '2026-03-02T09:00:00Z',
    updated_at: '2026-03-02T09:00:00Z',
    ...rest,
    can: { ...NOTHING_ALLOWED, ...can },
  };
}

export const requestPageOf = (requests: TRequest[], total = requests.length): TRequestPage => ({
  vacancy_applications: requests,
  vacancy_application_count: total,
  page: 1,
  per_page: 30,
});

export function requestTemplateOf(overrides: Partial<TRequestTemplate> = {}): TRequestTemplate {
  return {
    id: 3,
    name: 'Заявка на подбор',
    description: null,
    fields: [],
    steps: [],
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
    ...overrides,
  };
}
