// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TStageSiteState } from '@ats/contracts/job-site-states';
import { renderWithApp, sentBodies, stubApi } from '../../shared/testing/vacancy-test-data';
import { StageSiteStatesSection } from './stage-site-states-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const LIST = '/api/job_sites/stage_states?status_group_id=7';

const states = (): TStageSiteState[] => [
  { status_id: 70, name: 'Новый', state: 'none', message: '', is_default: true },
  {
    status_id: 71,
    name: 'Интервью с HR',
    state: 'invitation',
    message: 'Приглашаем вас на собеседование.',
    is_default: true,
  },
  {
    status_id: 72,
    name: 'Отказ компании',
    state: 'discard',
    message: 'Спасибо за отклик.',
    is_default: false,
  },
];

const formOf = (stage: string) =>
  screen.findByRole('form', { name: `Статус на hh.ru для этапа «${stage}»` });

describe('the funnel’s «Статус на hh.ru»', () => {
  it('saves a stage’s state and message through the API, each stage on its own', async () => {
    const spy = stubApi({
      [`GET ${LIST}`]: { message: states() },
      'PUT /api/job_sites/stage_states/72': (body) => ({
        message: { ...states()[2], ...(body as object), message: '', is_default: false },
      }),
      'PUT /api/job_sites/stage_states/71': (body) => ({
        message: { ...states()[1], ...(body as object), is_default: false },
      }),
    });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit />);
    expect(screen.getByRole('heading', { name: /Статус на hh.ru/ })).toBeTruthy();

    const reject = await formOf('Отказ компании');
    const save = within(reject).getByRole('button', { name: 'Сохранить' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const select = within(reject).getByLabelText('Статус на hh.ru') as HTMLSelectElement;
    expect(select.value).toBe('discard');
    expect(within(reject).getByLabelText(/Сообщение кандидату/)).toHaveProperty(
      'value',
      'Спасибо за отклик.',
    );
    fireEvent.change(select, { target: { value: 'none' } });
    // «Не менять» sends nothing to the applicant: no message to write.
    expect(within(reject).queryByLabelText(/Сообщение кандидату/)).toBeNull();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() =>
      expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/72')).toEqual([
        { state: 'none', message: null },
      ]),
    );

    const interview = await formOf('Интервью с HR');
    expect(interview.textContent).toContain('(по умолчанию)');
    fireEvent.change(within(interview).getByLabelText(/Сообщение кандидату/), {
      target: { value: '  Ждём вас в офисе на Лесной.  ' },
    });
    fireEvent.submit(interview);
    await waitFor(() =>
      expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/71')).toEqual([
        { state: 'invitation', message: 'Ждём вас в офисе на Лесной.' },
      ]),
    );
    // Only the stages changed were sent; the list is read again after each save.
    expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/70')).toEqual([]);
    expect(spy.mock.calls.filter(([url]) => String(url) === LIST).length).toBeGreaterThan(1);
  });

  it('starts a new state with its default text, not the old state’s message', async () => {
    const spy = stubApi({
      [`GET ${LIST}`]: { message: states() },
      'PUT /api/job_sites/stage_states/70': (body) => ({
        message: { ...states()[0], ...(body as object), message: 'Спасибо.', is_default: false },
      }),
    });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit />);
    const fresh = await formOf('Новый');
    fireEvent.change(within(fresh).getByLabelText('Статус на hh.ru'), {
      target: { value: 'discard' },
    });
    expect(within(fresh).getByLabelText(/Сообщение кандидату/)).toHaveProperty('value', '');
    fireEvent.submit(fresh);
    await waitFor(() =>
      expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/70')).toEqual([
        { state: 'discard', message: null },
      ]),
    );
  });

  it('shows the server’s refusal at the message', async () => {
    stubApi({
      [`GET ${LIST}`]: { message: states() },
      'PUT /api/job_sites/stage_states/71': {
        code: 400,
        message: 'Сообщение не длиннее 2000 символов',
        errors: { message: 'Сообщение не длиннее 2000 символов' },
      },
    });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit />);
    const interview = await formOf('Интервью с HR');
    fireEvent.change(within(interview).getByLabelText(/Сообщение кандидату/), {
      target: { value: 'другой текст' },
    });
    fireEvent.submit(interview);
    expect((await within(interview).findByRole('alert')).textContent).toBe(
      'Сообщение не длиннее 2000 символов',
    );
  });

  it('lets a recruiter without «Управлять этапами» read the states and change nothing', async () => {
    stubApi({ [`GET ${LIST}`]: { message: states() } });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit={false} />);
    await waitFor(() => expect(screen.getAllByTestId('stage-site-state')).toHaveLength(3));
    const [fresh, interview, reject] = screen.getAllByTestId('stage-site-state');
    expect(fresh!.textContent).toBe('Новый: Не менять (по умолчанию)');
    expect(interview!.textContent).toContain('Интервью с HR: Приглашение (по умолчанию)');
    expect(interview!.textContent).toContain('«Приглашаем вас на собеседование.»');
    expect(reject!.textContent).toBe('Отказ компании: Отказ«Спасибо за отклик.»');
    expect(screen.queryAllByRole('form')).toHaveLength(0);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('says when the funnel has no stages', async () => {
    stubApi({ [`GET ${LIST}`]: { message: [] } });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit />);
    expect(await screen.findByText('В воронке нет этапов.')).toBeTruthy();
  });

  it('shows loading, then a failure with a retry that reads again', async () => {
    let fail = true;
    const spy = stubApi({
      [`GET ${LIST}`]: () =>
        fail ? { code: 500, message: 'Внутренняя ошибка' } : { message: states() },
    });
    renderWithApp(<StageSiteStatesSection owner={{ status_group_id: 7 }} canEdit />);
    expect(screen.getByText('Загрузка статусов hh.ru…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить статусы hh.ru');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await formOf('Новый')).toBeTruthy();
    expect(spy.mock.calls.filter(([url]) => String(url) === LIST)).toHaveLength(2);
  });

  it('shows a vacancy’s own stages, marking those that follow the funnel, and saves one for the vacancy', async () => {
    const own = '/api/job_sites/stage_states?vacancy_id=9';
    const inherited: TStageSiteState = {
      status_id: 91,
      name: 'Интервью с HR',
      state: 'none',
      message: '',
      is_default: false,
      from_funnel: true,
    };
    const spy = stubApi({
      [`GET ${own}`]: { message: [inherited] },
      'PUT /api/job_sites/stage_states/91': (body) => ({
        message: { ...inherited, ...(body as object), from_funnel: undefined },
      }),
    });
    renderWithApp(<StageSiteStatesSection owner={{ vacancy_id: 9 }} canEdit />);
    expect(await screen.findByText(/действует выбор воронки/)).toBeTruthy();
    const form = await formOf('Интервью с HR');
    expect(within(form).getByText('(как в воронке)')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Статус на hh.ru'), {
      target: { value: 'invitation' },
    });
    fireEvent.submit(form);
    await waitFor(() =>
      expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/91')).toHaveLength(1),
    );
    expect(sentBodies(spy, 'PUT', '/api/job_sites/stage_states/91')[0]).toMatchObject({
      state: 'invitation',
    });
  });
});
