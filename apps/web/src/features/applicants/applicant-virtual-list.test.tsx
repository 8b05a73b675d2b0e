// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApplicantListItem } from '@ats/contracts/applicant-list';
import { ApplicantVirtualList } from './applicant-virtual-list';

const applicant = (id: number): TApplicantListItem => ({
  id,
  first_name: 'Мария',
  last_name: `Иванова-${id}`,
  middle_name: null,
  photo: null,
  position: 'Разработчик',
  company: 'Яндекс',
  email: null,
  phone: null,
  tg: null,
  money: '150000',
  currency: 'RUB',
  age: 30,
  tags: [{ id: 1, name: 'Горячий', color: '#EF4444' }],
  account_source_id: 1,
  source_name: 'hh.ru',
  admin_user_id: null,
  created_at: '2025-01-01T00:00:00Z',
});

const renderList = (count: number, onLoadMore = vi.fn(), hasNextPage = false) => {
  const applicants = Array.from({ length: count }, (_, i) => applicant(i + 1));
  // The rows ask for their unread messages (issue 14): none here.
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(
      JSON.stringify({ code: 200, message: { total: 0, conversations: 0, applicants: {} } }),
      { headers: { 'Content-Type': 'application/json' } },
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ApplicantVirtualList
          applicants={applicants}
          selected={new Set([2])}
          onToggle={vi.fn()}
          onToggleAll={vi.fn()}
          onOpen={vi.fn()}
          hasNextPage={hasNextPage}
          isFetchingNextPage={false}
          onLoadMore={onLoadMore}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onLoadMore;
};

// jsdom has no layout: give every element the size of a 640 px high viewport.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => vi.restoreAllMocks());

describe('the virtualised applicant list', () => {
  it('keeps the DOM small with 10,000 loaded applicants', () => {
    renderList(10_000);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(100);
    expect(document.querySelectorAll('*').length).toBeLessThan(1_400);
    // The first rows are the ones rendered, with name, salary and selection state.
    expect(screen.getByRole('link', { name: 'Иванова-1 Мария' }).getAttribute('href')).toBe(
      '/applicant/1',
    );
    expect(screen.getByRole('checkbox', { name: 'Выбрать: Иванова-2 Мария' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByText('Иванова-5000 Мария')).toBeNull();
  });

  it('asks for the next page when the end of the loaded rows is in view', () => {
    expect(renderList(12, vi.fn(), true)).toHaveBeenCalled();
  });

  it('does not load more while the end is far away or there is nothing more', () => {
    expect(renderList(10_000, vi.fn(), true)).not.toHaveBeenCalled();
    expect(renderList(12, vi.fn(), false)).not.toHaveBeenCalled();
  });

  it('draws the rows in view in its first render, without drawing again once measured', () => {
    // The scroller measures what its class makes it (max(24rem, 100dvh − 19rem)).
    const height = Math.max(384, window.innerHeight - 304);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    const commits: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(
        JSON.stringify({ code: 200, message: { total: 0, conversations: 0, applicants: {} } }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Profiler id="list" onRender={(_id, phase) => commits.push(phase)}>
            <ApplicantVirtualList
              applicants={Array.from({ length: 1_000 }, (_, i) => applicant(i + 1))}
              selected={new Set()}
              onToggle={vi.fn()}
              onToggleAll={vi.fn()}
              onOpen={vi.fn()}
              hasNextPage={false}
              isFetchingNextPage={false}
              onLoadMore={vi.fn()}
            />
          </Profiler>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(commits).toEqual(['mount']);
    // The rows that fill the scroller below its 40 px header, and the six drawn beyond them.
    expect(screen.getAllByRole('listitem')).toHaveLength(Math.ceil((height - 40) / 64) + 6);
  });
});
