// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApplicantCard } from '@ats/contracts/applicants';
import type { TMe } from '@ats/contracts/me';
import { sessionKeys } from '../session/session.queries';
import { ApplicantCardScreen } from './applicant-card-screen';

const card: TApplicantCard = {
  id: 9,
  first_name: 'Мария',
  last_name: 'Иванова',
  middle_name: null,
  photo: null,
  lead_type: null,
  birthday: '1990-05-17',
  age: 34,
  gender: 'female',
  phone: '+7 900 123-45-67',
  email: 'maria@example.ru',
  tg: '@maria_dev',
  skype: null,
  contacts: [],
  money: '250000',
  currency: 'RUB',
  about_me: null,
  country: null,
  citizenship: [],
  total_experience: 62,
  experience: [
    {
      position: 'Frontend-разработчик',
      company: 'Яндекс',
      link: null,
      date_start: '2021-02-01',
      date_end: null,
      is_now: true,
      description: null,
      country: null,
      skills: [],
    },
  ],
  employments: [],
  education: [],
  skills: ['React', 'TypeScript'],
  text_block: null,
  position: 'Frontend-разработчик',
  company: 'Яндекс',
  admin_user_id: null,
  account_source_id: null,
  source_name: 'hh.ru',
  source_add: 'web',
  unidentified_info: null,
  languages: [],
  has_vehicle: null,
  driver_licenses: [],
  resume_urls: [],
  tags: [{ id: 1, name: 'Горячий', color: '#EF4444', description: null }],
  vacancies: [],
  requested_vacancy_id: null,
  requested_status_id: null,
  is_archived: false,
  archived_at: null,
  created_at: '2025-03-01T09:00:00Z',
  updated_at: '2025-03-02T09:00:00Z',
  worklog: [
    {
      id: 1,
      action: 'update',
      changes: { money: { from: '200000', to: '250000' } },
      user_id: 2,
      user_name: 'Анна Смирнова',
      created_at: '2025-03-02T09:00:00Z',
    },
  ],
  files: [],
  comments: [
    {
      id: 3,
      description: 'Позвонить в пятницу',
      author_id: 2,
      author_name: 'Анна Смирнова',
      created_at: '2025-03-01T10:00:00Z',
      updated_at: '2025-03-01T10:00:00Z',
    },
  ],
};

const envelope = (status: number, message: unknown) =>
  new Response(JSON.stringify({ code: status, status: status === 200 ? 'ok' : 'error', message }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function renderCard(cardReply: Response, isAdmin = false) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).startsWith('/api/applicants/') ? cardReply.clone() : envelope(200, []),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.me, { id: 2, is_admin: isAdmin } as TMe);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApplicantCardScreen id={9} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the applicant card', () => {
  it('says the applicant is not found on a 404', async () => {
    renderCard(envelope(404, 'Кандидат не найден'));
    expect(await screen.findByRole('heading', { name: 'Кандидат не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все кандидаты' }).getAttribute('href')).toBe(
      '/applicants',
    );
  });

  it('shows the header, sections, history and messenger links', async () => {
    renderCard(envelope(200, card));
    expect(await screen.findByRole('heading', { name: 'Иванова Мария', level: 1 })).toBeTruthy();
    expect(screen.getByText(/34 года \(17\.05\.1990\)/)).toBeTruthy();
    const telegram = screen.getAllByRole('link', { name: '@maria_dev' })[0]!;
    expect(telegram.getAttribute('href')).toBe('https://t.me/maria_dev');
    const experience = screen.getByRole('region', { name: 'Опыт работы' });
    expect(within(experience).getByText(/февраль 2021 — по настоящее время/)).toBeTruthy();
    const history = screen.getByRole('region', { name: 'История изменений' });
    expect(within(history).getByText(/Зарплата: 200000 → 250000/)).toBeTruthy();
    expect(screen.getByText('Позвонить в пятницу')).toBeTruthy();
    expect(screen.getByText('Файлы появятся позже')).toBeTruthy();
    // Only admins may delete.
    expect(screen.queryByRole('button', { name: 'Удалить кандидата' })).toBeNull();
  });

  it('validates the salary in place before sending it', async () => {
    renderCard(envelope(200, card), true);
    const salary = await screen.findByRole('region', { name: 'Зарплата' });
    fireEvent.click(within(salary).getByRole('button', { name: 'Изменить: Зарплата' }));
    fireEvent.change(within(salary).getByLabelText('Желаемая зарплата'), {
      target: { value: '' },
    });
    fireEvent.click(within(salary).getByRole('button', { name: 'Сохранить' }));
    // An empty salary is allowed (it clears the field) and goes as null.
    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true),
    );
    const [, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'PATCH')!;
    expect(JSON.parse(String(init!.body))).toEqual({ money: null, currency: null });
    expect(screen.getByRole('button', { name: 'Удалить кандидата' })).toBeTruthy();
  });
});
