// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TResumeDraft } from '@ats/contracts/resume-parse';
import { LINK_INVALID } from '@ats/contracts/url-check';
import { notify } from '../../shared/toasts';
import { CreateApplicantForm } from './create-applicant-dialog';

type Reply = { status?: number; body: unknown };
const json = ({ status = 200, body }: Reply) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (message: unknown) => json({ body: { code: 200, status: 'success', message } });

/** Dictionaries answer empty lists; POST /api/applicants answers `createReply`. */
function stubApi(createReply: Reply) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    if (String(input).startsWith('/api/applicants') && init?.method === 'POST') {
      return json(createReply);
    }
    return json({ body: { code: 200, status: 'ok', message: [] } });
  });
}

/** POST parse_resume answers `parseReply`; the applicant created is 7, its file is taken. */
function stubResumeApi(parseReply: Reply) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/applicants/parse_resume') return json(parseReply);
    if (url === '/api/applicants' && init?.method === 'POST') return ok({ id: 7 });
    if (url === '/api/applicants/7/files') return ok({ id: 1 });
    return ok([]);
  });
}

const renderForm = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/applicants']}>
        <Routes>
          <Route path="/applicants" element={<CreateApplicantForm onCancel={vi.fn()} />} />
          <Route path="/applicant/:id" element={<p>Карточка открыта</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Создать кандидата' }));

const pdf = () => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'Иванова.pdf');
const chooseResume = (file: File) =>
  fireEvent.change(screen.getByLabelText('Загрузить резюме'), { target: { files: [file] } });
const valueOf = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;
const postsTo = (spy: ReturnType<typeof stubResumeApi>, url: string) =>
  spy.mock.calls.filter(([input, init]) => String(input) === url && init?.method === 'POST');

afterEach(() => vi.restoreAllMocks());

describe('creating an applicant', () => {
  it('asks for a name and explains a wrong date and e-mail in Russian', async () => {
    const fetchSpy = stubApi({ body: {} });
    renderForm();
    submit();
    expect(await screen.findByText('Укажите имя или фамилию кандидата')).toBeTruthy();

    type('Имя', 'Мария');
    type('Дата рождения', '31022020');
    expect(screen.getByLabelText<HTMLInputElement>('Дата рождения').value).toBe('31.02.2020');
    type('Email', 'не-почта');
    submit();
    expect(await screen.findByText('Дата указывается как ГГГГ-ММ-ДД или ДД.ММ.ГГГГ')).toBeTruthy();
    expect(screen.getByText('Некорректный email')).toBeTruthy();
    const creates = fetchSpy.mock.calls.filter(
      ([input, init]) => String(input) === '/api/applicants' && init?.method === 'POST',
    );
    expect(creates).toHaveLength(0);
  });

  it('checks the résumé link with the URL check on leaving the box and on submit, and sends nothing', async () => {
    const fetchSpy = stubApi({ body: { code: 200, status: 'ok', message: { id: 5 } } });
    renderForm();
    type('Фамилия', 'Иванова');
    type('Ссылка на резюме', 'моё резюме на хх');
    expect(screen.queryByText(LINK_INVALID)).toBeNull();
    fireEvent.blur(screen.getByLabelText('Ссылка на резюме'));
    expect(await screen.findByText(LINK_INVALID)).toBeTruthy();
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText('Ссылка на резюме').getAttribute('aria-invalid')).toBe('true'),
    );
    const creates = () =>
      fetchSpy.mock.calls.filter(
        ([input, init]) => String(input) === '/api/applicants' && init?.method === 'POST',
      );
    expect(creates()).toHaveLength(0);

    type('Ссылка на резюме', 'hh.ru/resume/0a1b2c');
    fireEvent.blur(screen.getByLabelText('Ссылка на резюме'));
    await waitFor(() => expect(screen.queryByText(LINK_INVALID)).toBeNull());
    submit();
    expect(await screen.findByText('Карточка открыта')).toBeTruthy();
    expect(JSON.parse(String(creates()[0]![1]!.body))).toMatchObject({
      resume_urls: ['hh.ru/resume/0a1b2c'],
    });
  });

  it('puts the server’s field errors under the fields', async () => {
    vi.spyOn(notify, 'error').mockImplementation(() => 1);
    stubApi({
      status: 400,
      body: {
        code: 400,
        status: 'error',
        message: 'Проверьте поля',
        errors: { phone: 'Слишком короткий телефон' },
      },
    });
    renderForm();
    type('Фамилия', 'Иванова');
    type('Телефон', '12');
    submit();
    expect(await screen.findByText('Слишком короткий телефон')).toBeTruthy();
  });

  it('sends the contract payload and opens the new card', async () => {
    const fetchSpy = stubApi({ body: { code: 200, status: 'ok', message: { id: 5 } } });
    renderForm();
    type('Фамилия', 'Иванова');
    type('Имя', 'Мария');
    type('Дата рождения', '17051990');
    type('Зарплата', '150000');
    type('Комментарий', 'Сильный кандидат');
    submit();
    expect(await screen.findByText('Карточка открыта')).toBeTruthy();
    const [, init] = fetchSpy.mock.calls.find(
      ([input, i]) => String(input) === '/api/applicants' && i?.method === 'POST',
    )!;
    expect(JSON.parse(String(init!.body))).toMatchObject({
      last_name: 'Иванова',
      first_name: 'Мария',
      birthday: '1990-05-17',
      money: '150000',
      currency: 'RUB',
      email: null,
      comment: { description: 'Сильный кандидат' },
      source: 'web',
    });
  });
});

const DRAFT: TResumeDraft = {
  last_name: 'Иванова',
  first_name: 'Мария',
  middle_name: 'Сергеевна',
  city: 'Екатеринбург',
  gender: 'female',
  birthday: '1992-03-05',
  phone: '+79123456789',
  email: 'maria.ivanova@mail.ru',
  tg: null,
  skype: null,
  contacts: [],
  position: 'Ведущий бухгалтер',
  company: 'ООО «Уралсталь»',
  money: '120000',
  currency: 'RUB',
  citizenship: ['Россия'],
  total_experience: 99,
  experience: [
    {
      company: 'ООО «Уралсталь»',
      position: 'Главный бухгалтер',
      link: null,
      date_start: '2018-03-01',
      date_end: null,
      is_now: true,
      description: null,
      country: null,
      skills: [],
    },
  ],
  education: [],
  skills: ['МСФО'],
  languages: [{ language_id: 2, language_level_id: 4 }],
  about_me: null,
  unidentified_info: 'Проживает: м. Геологическая',
};

describe('creating an applicant from a résumé', () => {
  it('fills the form from the draft, then sends the extras and attaches the file', async () => {
    const fetchSpy = stubResumeApi({
      body: {
        code: 200,
        status: 'success',
        message: {
          draft: DRAFT,
          text_length: 900,
          file_type: 'pdf',
        },
      },
    });
    renderForm();
    chooseResume(pdf());
    expect(
      await screen.findByText('Поля заполнены из «Иванова.pdf» — проверьте их перед созданием'),
    ).toBeTruthy();
    expect(valueOf('Фамилия')).toBe('Иванова');
    expect(valueOf('Отчество')).toBe('Сергеевна');
    // The draft holds the stored form; the input shows the one display form.
    expect(valueOf('Телефон')).toBe('+7 912 345-67-89');
    expect(valueOf('Дата рождения')).toBe('05.03.1992');
    expect(valueOf('Зарплата')).toBe('120000');
    expect(valueOf('Город')).toBe('Екатеринбург');
    expect(screen.getByText('Опыт работы: 1 место')).toBeTruthy();
    const leftovers = screen.getByLabelText<HTMLTextAreaElement>('Нераспознанная информация');
    expect(leftovers.value).toBe('Проживает: м. Геологическая');

    type('Имя', 'Мариам');
    fireEvent.change(leftovers, { target: { value: 'Метро: Геологическая' } });
    submit();
    expect(await screen.findByText('Карточка открыта')).toBeTruthy();

    const [[, create]] = postsTo(fetchSpy, '/api/applicants') as [[unknown, RequestInit]];
    expect(JSON.parse(String(create.body))).toMatchObject({
      first_name: 'Мариам',
      last_name: 'Иванова',
      birthday: '1992-03-05',
      gender: 'female',
      city: 'Екатеринбург',
      experience: DRAFT.experience,
      languages: DRAFT.languages,
      unidentified_info: 'Метро: Геологическая',
      source: 'resume',
    });
    const [[, attach]] = postsTo(fetchSpy, '/api/applicants/7/files') as [[unknown, RequestInit]];
    const sent = attach.body as FormData;
    expect(sent.get('kind')).toBe('resume');
    expect((sent.get('file') as File).name).toBe('Иванова.pdf');
  });

  it('shows the server’s Russian refusal and leaves the form as it was', async () => {
    const toast = vi.spyOn(notify, 'error').mockImplementation(() => 1);
    const message = 'В файле нет текста: похоже, это скан.';
    stubResumeApi({ status: 422, body: { code: 422, status: 'error', message } });
    renderForm();
    type('Фамилия', 'Петров');
    chooseResume(pdf());
    await waitFor(() => expect(toast).toHaveBeenCalledWith(message, expect.any(Number)));
    expect(valueOf('Фамилия')).toBe('Петров');
    expect(screen.queryByLabelText('Нераспознанная информация')).toBeNull();
  });
});

const EXISTING = {
  id: 31,
  first_name: 'Мария',
  last_name: 'Иванова',
  middle_name: 'Петровна',
  photo: null,
  birthday: '1990-05-17',
  email: null,
  phone: '+79123456789',
  tg: null,
  city: 'Пермь',
  position: 'Бухгалтер',
  company: null,
  source_name: 'hh.ru',
  is_archived: false,
  created_at: '2025-03-01T09:00:00Z',
};

/** check_doubles answers `matches` for any draft; the created applicant is 8 with those doubles. */
function stubDoublesApi(matches: unknown[]) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/applicants/check_doubles') return ok({ items: matches });
    if (url === '/api/applicants' && init?.method === 'POST') {
      return ok({ id: 8, doubles: matches });
    }
    return ok([]);
  });
}

const checks = (spy: ReturnType<typeof stubDoublesApi>) =>
  spy.mock.calls
    .filter(([input]) => String(input) === '/api/applicants/check_doubles')
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('similar applicants while typing', () => {
  it('checks what is typed once the typing pauses and warns before saving', async () => {
    const fetchSpy = stubDoublesApi([
      {
        applicant: EXISTING,
        level: 'certain',
        score: 0.97,
        reasons: ['совпадает телефон', 'ФИО в латинице'],
      },
    ]);
    renderForm();
    type('Фамилия', 'Ivanova');
    type('Имя', 'Maria');
    type('Телефон', '8 (912) 345-67-89');
    const panel = await screen.findByRole('region', { name: 'Похожие кандидаты' });
    // One request for the settled draft, not one per keystroke.
    expect(checks(fetchSpy)).toEqual([
      expect.objectContaining({
        last_name: 'Ivanova',
        first_name: 'Maria',
        phone: '8 (912) 345-67-89',
        birthday: null,
      }),
    ]);
    const link = within(panel).getByRole('link', { name: 'Иванова Мария Петровна' });
    expect(link.getAttribute('href')).toBe('/applicant/31');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(panel).getByText(/Точный дубль/)).toBeTruthy();
    expect(within(panel).getByText(/97\s%/)).toBeTruthy();
    expect(within(panel).getByText('совпадает телефон')).toBeTruthy();
    expect(within(panel).getByText('ФИО в латинице')).toBeTruthy();

    // Saving is still the recruiter's call.
    expect(screen.queryByRole('button', { name: 'Создать кандидата' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Всё равно создать' }));
    expect(await screen.findByText('Карточка открыта')).toBeTruthy();
  });

  it('sends nothing until a name, e-mail, phone or Telegram is worth checking', async () => {
    const fetchSpy = stubDoublesApi([]);
    renderForm();
    type('Имя', 'М');
    type('Телефон', '8 91');
    type('Дата рождения', '170519');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(checks(fetchSpy)).toEqual([]);
    type('Фамилия', 'Иванова');
    await waitFor(() => expect(checks(fetchSpy)).toHaveLength(1));
    // A half-typed date is left out rather than sent.
    expect(checks(fetchSpy)[0]).toMatchObject({
      last_name: 'Иванова',
      phone: null,
      birthday: null,
    });
    expect(screen.queryByRole('region', { name: 'Похожие кандидаты' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Создать кандидата' })).toBeTruthy();
  });
});
