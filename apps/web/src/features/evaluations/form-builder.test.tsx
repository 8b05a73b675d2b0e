// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TEvaluationForm } from '@ats/contracts/evaluations';
import { FormBuilder } from './form-builder';

const ok = (message: unknown) =>
  new Response(JSON.stringify({ code: 200, status: 'success', message }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const SAVED: TEvaluationForm = {
  id: 5,
  name: 'Интервью',
  description: null,
  criterions: [],
  evaluations_count: 0,
  statuses: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderBuilder(form: TEvaluationForm | null = null) {
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok(SAVED));
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormBuilder form={form} onDone={onDone} />
    </QueryClientProvider>,
  );
  return { fetch, onDone };
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const sentBody = (fetch: ReturnType<typeof renderBuilder>['fetch']) =>
  JSON.parse(String(fetch.mock.calls.at(-1)![1]!.body));
const criteriaNames = () =>
  within(screen.getByRole('list', { name: 'Критерии формы' }))
    .getAllByRole('listitem')
    .filter((li) => li.parentElement?.getAttribute('aria-label') === 'Критерии формы')
    .map((li) => li.getAttribute('aria-label'));

afterEach(() => vi.restoreAllMocks());

describe('the form builder', () => {
  it('builds a scale, a single choice and a text, reorders them, and sends them in order', async () => {
    const { fetch, onDone } = renderBuilder();
    type(/^Название формы/, 'Интервью');
    type('Название критерия 1', 'Коммуникация');
    type('Подпись низа 1', 'Слабо');
    type('Подпись верха 1', 'Отлично');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить критерий' }));
    type('Название критерия 2', 'Английский');
    fireEvent.change(screen.getByLabelText('Тип критерия 2'), { target: { value: 'pick_one' } });
    type('Вариант 1 критерия 2', 'B1');
    type('Вариант 2 критерия 2', 'B2');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить критерий' }));
    type('Название критерия 3', 'Впечатление');
    fireEvent.change(screen.getByLabelText('Тип критерия 3'), { target: { value: 'text' } });

    fireEvent.click(screen.getByRole('button', { name: 'Выше: Впечатление' }));
    expect(criteriaNames()).toEqual(['Коммуникация', 'Впечатление', 'Английский']);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить форму' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [url, init] = fetch.mock.calls.at(-1)!;
    expect(url).toBe('/api/evaluations');
    expect(init?.method).toBe('POST');
    expect(sentBody(fetch)).toEqual({
      name: 'Интервью',
      description: null,
      criterions: [
        {
          name: 'Коммуникация',
          criterion_type: 'scale',
          is_required: false,
          scale_min: 1,
          scale_max: 5,
          min_label: 'Слабо',
          max_label: 'Отлично',
        },
        { name: 'Впечатление', criterion_type: 'text', is_required: false },
        {
          name: 'Английский',
          criterion_type: 'pick_one',
          is_required: false,
          options: ['B1', 'B2'],
        },
      ],
    });
  });

  it('says in Russian what is missing and sends nothing', async () => {
    const { fetch } = renderBuilder();
    fireEvent.change(screen.getByLabelText('Тип критерия 1'), { target: { value: 'pick_few' } });
    type('Вариант 1 критерия 1', 'Да');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить форму' }));
    expect(await screen.findByText('Укажите название формы')).toBeTruthy();
    expect(screen.getByText('Укажите название критерия')).toBeTruthy();
    expect(screen.getByText('Укажите вариант ответа')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('edits an existing form keeping criterion ids, and previews it as it will be filled', async () => {
    const { fetch } = renderBuilder({
      ...SAVED,
      criterions: [
        {
          id: 11,
          name: 'Навыки',
          criterion_type: 'scale',
          order: 0,
          options: [],
          scale_min: 1,
          scale_max: 3,
          min_label: null,
          max_label: null,
          is_required: true,
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    const preview = screen.getByRole('region', { name: 'Предпросмотр формы' });
    expect(
      within(preview)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['1', '2', '3']);
    type('Название критерия 1', 'Hard skills');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить форму' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(fetch.mock.calls.at(-1)![0]).toBe('/api/evaluations/5');
    expect(sentBody(fetch).criterions[0]).toMatchObject({
      id: 11,
      name: 'Hard skills',
      is_required: true,
    });
  });
});
