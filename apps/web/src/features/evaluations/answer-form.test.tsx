// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEvaluationForm } from '@ats/contracts/evaluations';
import { AnswerForm } from './answer-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const form = (id: number, name: string, statusIds: number[]): TEvaluationForm => ({
  id,
  name,
  description: null,
  criterions: [
    {
      id: id * 10 + 1,
      name: 'Коммуникация',
      criterion_type: 'scale',
      order: 0,
      options: [],
      scale_min: 1,
      scale_max: 5,
      min_label: 'Слабо',
      max_label: 'Отлично',
      is_required: true,
    },
    {
      id: id * 10 + 2,
      name: 'Английский',
      criterion_type: 'pick_one',
      order: 1,
      options: ['B1', 'B2'],
      scale_min: null,
      scale_max: null,
      min_label: null,
      max_label: null,
      is_required: false,
    },
    {
      id: id * 10 + 3,
      name: 'Впечатление',
      criterion_type: 'text',
      order: 2,
      options: [],
      scale_min: null,
      scale_max: null,
      min_label: null,
      max_label: null,
      is_required: false,
    },
  ],
  evaluations_count: 0,
  statuses: statusIds.map((sid) => ({
    id: sid,
    name: 'Интервью',
    status_group_id: null,
    status_group_name: null,
    vacancy_id: 7,
    vacancy_name: 'Юрист',
  })),
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

const SAVED = {
  id: 9,
  evaluation_id: 2,
  evaluation_name: 'Интервью с руководителем',
  applicant_id: 3,
  vacancy_id: 7,
  recommendation: 'yes',
  author: { id: 1, name: 'Анна' },
  criterions: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const FORMS = [form(1, 'Скрининг', []), form(2, 'Интервью с руководителем', [70])];

function renderForm(reply: Response) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => reply);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AnswerForm
        applicantId={3}
        forms={FORMS}
        stages={[{ vacancy_id: 7, vacancy_name: 'Юрист', status_id: 70 }]}
        onDone={onDone}
      />
    </QueryClientProvider>,
  );
  return { fetch, onDone };
}

afterEach(() => vi.restoreAllMocks());

describe('filling an evaluation', () => {
  it('offers the form of the applicant’s current stage and sends the answers and the verdict', async () => {
    const { fetch, onDone } = renderForm(
      json(200, { code: 200, status: 'success', message: SAVED }),
    );
    expect(screen.getByLabelText<HTMLSelectElement>('Форма оценки').value).toBe('2');
    fireEvent.click(screen.getByRole('radio', { name: 'Коммуникация: 4' }));
    fireEvent.click(screen.getByRole('radio', { name: 'B2' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Впечатление' }), {
      target: { value: 'Сильный' },
    });
    fireEvent.change(screen.getByLabelText('Комментарий: Английский'), {
      target: { value: 'Свободно' },
    });
    fireEvent.click(screen.getByRole('radio', { name: 'Рекомендую' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/applicant_evaluations');
    expect(JSON.parse(String(init!.body))).toEqual({
      evaluation_id: 2,
      applicant_id: 3,
      vacancy_id: 7,
      recommendation: 'yes',
      criterions: [
        { criterion_id: 21, comment: null, result: { criterion_type: 'scale', result: 4 } },
        {
          criterion_id: 22,
          comment: 'Свободно',
          result: { criterion_type: 'pick_one', result: 'B2' },
        },
        { criterion_id: 23, comment: null, result: { criterion_type: 'text', result: 'Сильный' } },
      ],
    });
  });

  it('shows the server’s Russian message next to the criterion it concerns', async () => {
    const { onDone } = renderForm(
      json(400, {
        code: 400,
        status: 'error',
        message: 'Обязательный критерий',
        errors: { 'criterions.21': 'Обязательный критерий' },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отправить оценку' }));
    const alert = await screen.findByText('Обязательный критерий', { selector: '[role=alert]' });
    expect(alert.closest('fieldset')?.textContent).toContain('Коммуникация');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('switching the form starts its answers afresh', () => {
    renderForm(json(200, {}));
    fireEvent.click(screen.getByRole('radio', { name: 'Коммуникация: 2' }));
    fireEvent.change(screen.getByLabelText('Форма оценки'), { target: { value: '1' } });
    expect(
      screen.getByRole('radio', { name: 'Коммуникация: 2' }).getAttribute('aria-checked'),
    ).toBe('false');
  });
});
