// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPublicApproval } from '@ats/contracts/vacancy-applications';
import {
  renderWithApp,
  sentBodies,
  stubApi,
  type Routes,
} from '../../shared/testing/vacancy-test-data';
import { RequestApprovalScreen } from './request-approval-screen';

const TOKEN = 'tok_abc123';
const URL = `/api/public/request_approvals/${TOKEN}`;

const approval: TPublicApproval = {
  company: 'ООО «Ромашка»',
  approver: { name: 'Ольга Финансова', email: 'finance@partner.ru' },
  step: { index: 1, name: 'Финансовый директор' },
  request: {
    position: 'Бухгалтер по расчёту зарплаты',
    salary: null,
    salary_from: 90000,
    salary_to: 120000,
    currency: 'RUB',
    needed: 2,
    date_will_close: '2026-12-31',
    body: '<p>Растёт штат, нужен второй расчётчик</p>',
    requirements: '<p>1С:ЗУП от 3 лет</p>',
    conditions: null,
    information: '',
    state: 'pending',
    author: 'Иван Руководов',
    account_division: 'Бухгалтерия',
    template_values: [{ name: 'Причина открытия', value: 'Расширение штата' }],
    steps: [
      { index: 0, name: 'Руководитель', state: 'approved' },
      { index: 1, name: 'Финансовый директор', state: 'pending' },
      { index: 2, name: 'HR-директор', state: 'waiting' },
    ],
  },
};

const show = (routes: Routes = {}) => {
  const spy = stubApi({ [URL]: { message: approval }, ...routes });
  renderWithApp(<RequestApprovalScreen token={TOKEN} />, undefined, `/request-approval/${TOKEN}`);
  return spy;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the outside approver’s page', () => {
  it('shows a loading state, then the company, the request, its route and the approver', async () => {
    show();
    expect(screen.getByRole('status', { name: 'Загружаем заявку' })).toBeTruthy();
    const sheet = await screen.findByRole('article', { name: 'Заявка на подбор' });
    expect(
      within(sheet).getByRole('heading', { name: 'Бухгалтер по расчёту зарплаты' }),
    ).toBeTruthy();
    expect(within(sheet).getByText(/ООО «Ромашка»/)).toBeTruthy();
    expect(
      within(sheet).getByText(/Ольга Финансова, Иван Руководов просит вас согласовать/),
    ).toBeTruthy();
    expect(within(sheet).getByText('90 000 – 120 000 ₽')).toBeTruthy();
    expect(within(sheet).getByText('31.12.2026')).toBeTruthy();
    expect(within(sheet).getByText('Бухгалтерия')).toBeTruthy();
    expect(within(sheet).getByText('Расширение штата')).toBeTruthy();
    expect(within(sheet).getByRole('region', { name: 'Описание' }).textContent).toContain(
      'второй расчётчик',
    );
    expect(within(sheet).getByRole('region', { name: 'Требования' })).toBeTruthy();
    // Empty sections are left out.
    expect(within(sheet).queryByRole('region', { name: 'Условия' })).toBeNull();
    expect(within(sheet).queryByRole('region', { name: 'Дополнительная информация' })).toBeNull();
    const steps = within(sheet).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      '1. РуководительСогласовано',
      '2. Финансовый директор — ваш шагНа согласовании',
      '3. HR-директорОжидает',
    ]);
    expect(steps[1]!.getAttribute('aria-current')).toBe('step');
  });

  it('approves with an optional comment and then thanks', async () => {
    const spy = show({ [`POST ${URL}`]: { message: 'ok' } });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: '  Бюджет есть ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать' }));
    expect(await screen.findByRole('heading', { name: 'Спасибо, решение принято' })).toBeTruthy();
    expect(screen.getByText(/Вы согласовали заявку/)).toBeTruthy();
    expect(sentBodies(spy, 'POST', URL)).toEqual([{ decision: 'approve', comment: 'Бюджет есть' }]);
  });

  it('sends an approval without a comment as null', async () => {
    const spy = show({ [`POST ${URL}`]: { message: 'ok' } });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать' }));
    await screen.findByRole('heading', { name: 'Спасибо, решение принято' });
    expect(sentBodies(spy, 'POST', URL)).toEqual([{ decision: 'approve', comment: null }]);
  });

  it('refuses to reject without a comment, in Russian, and sends nothing', async () => {
    const spy = show({ [`POST ${URL}`]: { message: 'ok' } });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.change(screen.getByLabelText('Комментарий'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Напишите, почему заявка отклонена',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Комментарий'));
    expect(sentBodies(spy, 'POST', URL)).toEqual([]);

    fireEvent.change(screen.getByLabelText('Комментарий'), {
      target: { value: 'Нет бюджета до весны' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
    expect(await screen.findByRole('heading', { name: 'Спасибо, решение принято' })).toBeTruthy();
    expect(screen.getByText(/Вы отклонили заявку/)).toBeTruthy();
    expect(sentBodies(spy, 'POST', URL)).toEqual([
      { decision: 'reject', comment: 'Нет бюджета до весны' },
    ]);
  });

  it('shows the server’s field error on the comment', async () => {
    show({
      [`POST ${URL}`]: {
        code: 400,
        message: 'Ошибка валидации',
        errors: { comment: 'Не длиннее 5000 символов' },
      },
    });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Не длиннее 5000 символов');
    expect(screen.getByRole('button', { name: 'Согласовать' })).toBeTruthy();
  });

  it.each([
    [409, 'Ссылка уже использована'],
    [410, 'Срок действия ссылки истёк'],
    [404, 'Ссылка недействительна'],
    [403, 'Сейчас заявка не на вашем шаге согласования'],
  ])('a refused link (%i «%s») is a screen of its own, without the form', async (code, text) => {
    show({ [URL]: { code, message: text } });
    expect(await screen.findByRole('heading', { name: text })).toBeTruthy();
    expect(screen.getByText(/попросите автора заявки прислать новую ссылку/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Согласовать' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('a throttled visitor (429) is told to try again, not that the link is dead', async () => {
    show({ [URL]: { code: 429, message: 'Слишком много обращений по ссылке. Попробуйте позже' } });
    expect(await screen.findByRole('heading', { name: 'Не удалось открыть заявку' })).toBeTruthy();
    expect(screen.getByText('Слишком много обращений по ссылке. Попробуйте позже')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('a server failure on the decision keeps the form and says why', async () => {
    show({ [`POST ${URL}`]: { code: 503, message: 'База данных недоступна, повторите попытку' } });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'База данных недоступна, повторите попытку',
    );
    expect(screen.getByRole('button', { name: 'Согласовать' })).toBeTruthy();
  });

  it('a link used meanwhile (the decision answers 409) shows the used-link screen', async () => {
    show({ [`POST ${URL}`]: { code: 409, message: 'Ссылка уже использована' } });
    await screen.findByRole('article', { name: 'Заявка на подбор' });
    fireEvent.click(screen.getByRole('button', { name: 'Согласовать' }));
    expect(await screen.findByRole('heading', { name: 'Ссылка уже использована' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Согласовать' })).toBeNull();
  });

  it('a network failure offers to try again, and the retry loads the request', async () => {
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify({ code: 200, status: 'success', message: approval }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithApp(<RequestApprovalScreen token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Не удалось открыть заявку' })).toBeTruthy();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Заявка на подбор' })).toBeTruthy();
  });

  it('asks for the token through the public path, escaped', async () => {
    const spy = stubApi({
      '/api/public/request_approvals/a%2Fb%20c': { code: 404, message: 'Ссылка недействительна' },
    });
    renderWithApp(<RequestApprovalScreen token="a/b c" />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(String(spy.mock.calls[0]![0])).toBe('/api/public/request_approvals/a%2Fb%20c');
    expect(await screen.findByRole('heading', { name: 'Ссылка недействительна' })).toBeTruthy();
  });
});
