// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TApplicantCard } from '@ats/contracts/applicants';
import type { TMe } from '@ats/contracts/me';
import { sessionKeys } from '../../shared/session/session.queries';
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
  city: null,
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

function renderCard(cardReply: Response, isAdmin = false, me: Partial<TMe> = {}) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).startsWith('/api/applicants/') ? cardReply.clone() : envelope(200, []),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.me, { id: 2, is_admin: isAdmin, ...me } as TMe);
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
    expect(
      within(screen.getByRole('region', { name: 'Файлы' })).getByText('Файлов пока нет'),
    ).toBeTruthy();
    // Only admins may delete.
    expect(screen.queryByRole('button', { name: 'Удалить кандидата' })).toBeNull();
  });

  it('is read-only for a hiring manager, who still comments; no doubles are looked for', async () => {
    renderCard(envelope(200, card), true, { member_type: 'watcher' });
    expect(await screen.findByRole('heading', { name: 'Иванова Мария', level: 1 })).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Изменить(:.*)?$/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Загрузить файл' })).toBeNull();
    expect(screen.queryByRole('button', { name: /В архив/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Удалить кандидата' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Добавить на вакансию' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Добавить' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К вакансиям' }).getAttribute('href')).toBe('/');
    const asked = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    expect(asked.some((url) => url.includes('get_double'))).toBe(false);
  });

  it('shows what a résumé or an import could not place, editable in place', async () => {
    renderCard(envelope(200, { ...card, unidentified_info: 'Город: Пермь\nХобби: шахматы' }));
    const region = await screen.findByRole('region', { name: 'Нераспознанная информация' });
    expect(within(region).getByText(/Город: Пермь/)).toBeTruthy();
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

describe('the résumé links on the card (SPEC.md §5 URL check)', () => {
  const LINK_INVALID = 'Введите корректную ссылку, например https://example.ru';
  const patches = () => vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'PATCH');

  it('opens each link, a bare domain with https://, and a site contact as a link', async () => {
    renderCard(
      envelope(200, {
        ...card,
        resume_urls: ['https://hh.ru/resume/abc', 'career.habr.com/maria'],
        contacts: [{ contact_type: 'site', value: 'maria.dev', is_prefered: false }],
      }),
    );
    const region = await screen.findByRole('region', { name: 'Ссылки на резюме' });
    expect(
      within(region).getByRole('link', { name: 'career.habr.com/maria' }).getAttribute('href'),
    ).toBe('https://career.habr.com/maria');
    expect(screen.getAllByRole('link', { name: 'maria.dev' })[0]!.getAttribute('href')).toBe(
      'https://maria.dev',
    );
  });

  it('names the line that is no link, on leaving the box and on save, and sends nothing', async () => {
    renderCard(envelope(200, { ...card, resume_urls: ['https://hh.ru/resume/abc'] }), true);
    const region = await screen.findByRole('region', { name: 'Ссылки на резюме' });
    fireEvent.click(within(region).getByRole('button', { name: 'Изменить: Ссылки на резюме' }));
    const box = within(region).getByRole('textbox', { name: 'Ссылки на резюме' });
    fireEvent.change(box, { target: { value: 'https://hh.ru/resume/abc\nмоё портфолио' } });
    fireEvent.blur(box);
    expect(await within(region).findByText(`${LINK_INVALID} (строка 2)`)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(box.getAttribute('aria-invalid')).toBe('true'));
    // The refused save has finished: the button is back, the form still open.
    await within(region).findByRole('button', { name: 'Сохранить' });
    expect(patches()).toHaveLength(0);

    fireEvent.change(box, {
      target: { value: 'https://hh.ru/resume/abc\n\ncareer.habr.com/maria' },
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(String(patches()[0]![1]!.body))).toEqual({
      resume_urls: ['https://hh.ru/resume/abc', 'career.habr.com/maria'],
    });
  });
});

describe('the files on the card', () => {
  const withFiles: TApplicantCard = {
    ...card,
    files: [
      {
        id: 41,
        file_name: 'Резюме Ивановой.pdf',
        mime_type: 'application/pdf',
        size_bytes: 1_572_864,
        kind: 'resume',
        url: '/api/files/41',
        uploaded_by: 2,
        created_at: '2025-03-03T09:00:00Z',
      },
      {
        id: 42,
        file_name: 'диплом.png',
        mime_type: 'image/png',
        size_bytes: 20_480,
        kind: 'attachment',
        url: '/api/files/42',
        uploaded_by: 2,
        created_at: '2025-03-02T09:00:00Z',
      },
    ],
  };

  it('lists the files with their kind, size and a download link', async () => {
    renderCard(envelope(200, withFiles));
    const files = await screen.findByRole('region', { name: 'Файлы' });
    const link = within(files).getByRole('link', { name: 'Резюме Ивановой.pdf' });
    expect(link.getAttribute('href')).toBe('/api/files/41');
    expect(within(files).getByText(/^Резюме · 1,5 МБ · /)).toBeTruthy();
    expect(within(files).getByText(/^Вложение · 20 КБ · /)).toBeTruthy();
    expect(within(files).getByRole('button', { name: 'Удалить файл диплом.png' })).toBeTruthy();
  });

  it('uploads the chosen file as multipart FormData to the applicant', async () => {
    renderCard(envelope(200, withFiles));
    const files = await screen.findByRole('region', { name: 'Файлы' });
    vi.mocked(fetch).mockImplementation(async (_input, init) =>
      envelope(200, init?.method === 'POST' ? withFiles.files[0] : withFiles),
    );
    fireEvent.change(within(files).getByLabelText('Вид файла'), {
      target: { value: 'attachment' },
    });
    const pdf = new File(['%PDF-1.4'], 'справка.pdf', { type: 'application/pdf' });
    fireEvent.change(within(files).getByLabelText('Файл для загрузки'), {
      target: { files: [pdf] },
    });
    await vi.waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true),
    );
    const [url, init] = vi.mocked(fetch).mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/applicants/9/files');
    expect(init!.body).toBeInstanceOf(FormData);
    const form = init!.body as FormData;
    expect((form.get('file') as File).name).toBe('справка.pdf');
    expect(form.get('kind')).toBe('attachment');
    // The browser sets multipart/form-data with its boundary; a JSON type would break it.
    expect(new Headers(init!.headers).has('Content-Type')).toBe(false);
  });

  it('refuses a file over 15 MB without sending it', async () => {
    renderCard(envelope(200, withFiles));
    const files = await screen.findByRole('region', { name: 'Файлы' });
    const big = new File(['x'], 'big.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 15 * 1024 * 1024 + 1 });
    fireEvent.change(within(files).getByLabelText('Файл для загрузки'), {
      target: { files: [big] },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(vi.mocked(fetch).mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
