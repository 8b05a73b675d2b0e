// Test data and a fake /api for the vacancy screens' component tests (not shipped: only the
// *.test.tsx files import it).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import type { TStage } from '@ats/contracts/pipeline';
import {
  APPLICANT_FIELDS,
  PERMISSION_ACTIONS,
  VACANCY_VISIBLE_FIELDS,
  type TUser,
} from '@ats/contracts/users';
import type { TVacancy, TVacancyTemplate } from '@ats/contracts/vacancies';
import { sessionKeys } from '../session/session.queries';
import { testStage } from './stage-test-data';

export const stageOf = (id: number, name: string, order: number, extra: Partial<TStage> = {}) =>
  testStage(id, name, order, { stay_duration: 3, vacancy_id: 1, ...extra });

export function vacancyOf(overrides: Partial<TVacancy> = {}): TVacancy {
  return {
    id: 1,
    position: 'Frontend-разработчик',
    name: 'Frontend-разработчик',
    salary_from: 200000,
    salary_to: 300000,
    currency: 'RUB',
    needed: 2,
    priority: 0,
    is_hidden: false,
    body: '<p>Делаем <strong>ATS</strong></p><script>alert(1)</script>',
    requirements: null,
    conditions: null,
    information: null,
    regions: [],
    owners: [{ id: 2, name: 'Анна Смирнова' }],
    watchers: [],
    status_group: 1,
    statuses: [stageOf(11, 'Новый', 0), stageOf(12, 'Интервью с HR', 1)],
    country: null,
    city: 'Москва',
    account_division: null,
    date_will_close: null,
    days_until_deadline: null,
    days_will_close: null,
    vacancy_application_id: null,
    additional_fields_list: [],
    state: 'open',
    state_reason_id: null,
    state_changed_at: '2026-01-10T09:00:00Z',
    count_applicants: 0,
    hired: 0,
    days_failed: 0,
    days_on_status: 3,
    avg_close_time: null,
    author: { id: 2, name: 'Анна Смирнова' },
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
    closed_at: null,
    ...overrides,
  };
}

export function templateOf(overrides: Partial<TVacancyTemplate> = {}): TVacancyTemplate {
  return {
    id: 5,
    name: 'Шаблон разработчика',
    position: 'Backend-разработчик',
    salary_from: 250000,
    salary_to: null,
    currency: 'RUB',
    needed: 3,
    priority: 2,
    is_hidden: false,
    body: '<p>Пишем на TypeScript</p>',
    requirements: null,
    conditions: null,
    information: null,
    regions: [],
    country: null,
    city: 'Казань',
    account_division_id: null,
    status_group: null,
    days_until_deadline: 30,
    additional_fields_list: [{ type: 'string', name: 'Грейд', value: 'Senior' }],
    stages: [],
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
    ...overrides,
  };
}

const allTrue = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, true]));

/** A team member as GET /api/users answers it. */
export function userOf(id: number, lastName: string, name: string): TUser {
  return {
    id,
    account_id: 1,
    email: `user${id}@example.ru`,
    first_name: name,
    nick: null,
    name,
    middle_name: null,
    last_name: lastName,
    member_type: 'owner',
    is_admin: false,
    is_active: true,
    is_auto: false,
    time_zone: 'Europe/Moscow',
    admin_user_setting: {
      is_hide_history_applicant: false,
      is_hide_experience: false,
      is_hide_education: false,
      is_hide_chat: false,
      is_confirm_send_opd: false,
      pick_sort_vacancies: 'owners',
      pick_sort_applications: 'table',
      permissions_actions: allTrue(PERMISSION_ACTIONS),
      visible_fields_vacancy: allTrue(VACANCY_VISIBLE_FIELDS),
      download_pdf: allTrue(APPLICANT_FIELDS.map((field) => `is_${field}`)),
    } as TUser['admin_user_setting'],
    setting_fields_applicant: allTrue(
      APPLICANT_FIELDS.map((field) => `is_${field}`),
    ) as TUser['setting_fields_applicant'],
    created_at: '2026-01-01T09:00:00Z',
  };
}

export const memberOf = (overrides: Partial<TMe> = {}) =>
  ({
    id: 2,
    is_admin: true,
    member_type: 'owner',
    admin_user_setting: { permissions_actions: { can_manage_vacancy: true } },
    ...overrides,
  }) as TMe;

const envelope = (code: number, message: unknown, errors?: Record<string, string>) =>
  new Response(
    JSON.stringify({ code, status: code === 200 ? 'success' : 'error', message, errors }),
    { status: code, headers: { 'Content-Type': 'application/json' } },
  );

export type Reply = { code?: number; message: unknown; errors?: Record<string, string> };
/** `METHOD /api/path?query` (or a bare `/api/path` for any GET) → the answer. */
export type Routes = Record<string, Reply | ((body: unknown) => Reply)>;

/** A fetch that answers from `routes`; anything else answers an empty list. */
export function stubApi(routes: Routes) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const path = url.split('?')[0]!;
    const route =
      routes[`${method} ${url}`] ??
      routes[`${method} ${path}`] ??
      (method === 'GET' ? (routes[url] ?? routes[path]) : undefined);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = typeof route === 'function' ? route(body) : route;
    if (!reply) return envelope(200, []);
    return envelope(reply.code ?? 200, reply.message, reply.errors);
  });
}

/** The JSON bodies sent to `METHOD path`. */
export function sentBodies(spy: ReturnType<typeof stubApi>, method: string, path: string) {
  return spy.mock.calls
    .filter(([input, init]) => String(input).split('?')[0] === path && init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as Record<string, unknown>);
}

export function renderWithApp(ui: ReactNode, me: TMe = memberOf(), path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.me, me);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
