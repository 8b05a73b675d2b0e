// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TJobSiteConnection } from '@ats/contracts/job-sites';
import { renderWithApp, stubApi } from '../../shared/testing/vacancy-test-data';
import { JobSiteScreen } from './job-site-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const connection = (result: TJobSiteConnection['last_sync_result']): TJobSiteConnection => ({
  id: 3,
  site: 'hh',
  external_account_id: '1455',
  account_name: 'ООО «Ромашка»',
  state: 'active',
  paused_until: null,
  last_error: null,
  last_sync_at: '2026-11-20T10:00:00Z',
  last_sync_result: result,
  sync_progress: null,
  created_at: '2026-11-01T10:00:00Z',
});

const overview = (result: TJobSiteConnection['last_sync_result']) => ({
  message: {
    sites: [{ site: 'hh', name: 'hh.ru', configured: true }],
    connections: [connection(result)],
  },
});

const result = {
  ok: true,
  imported: 2,
  matched: 0,
  skipped: 0,
  error: null,
  finished_at: '2026-11-20T10:00:00Z',
};

describe('the job site screen’s last sync', () => {
  it('lists what went wrong without failing the sync: a résumé photo not stored', async () => {
    stubApi({
      'GET /api/job_sites': overview({
        ...result,
        notes: ['Фото кандидата Большова Ольга не сохранено: Фото больше 5 МБ'],
      }),
    });
    renderWithApp(<JobSiteScreen site="hh" />);
    const notes = await screen.findByTestId('job-site-sync-notes');
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Фото кандидата Большова Ольга не сохранено: Фото больше 5 МБ']);
    expect(screen.getByTestId('job-site-last-sync').textContent).toContain('новых кандидатов: 2');
  });

  it('shows no notes when there were none', async () => {
    stubApi({ 'GET /api/job_sites': overview(result) });
    renderWithApp(<JobSiteScreen site="hh" />);
    expect((await screen.findByTestId('job-site-last-sync')).textContent).toContain(
      'новых кандидатов: 2',
    );
    expect(screen.queryByTestId('job-site-sync-notes')).toBeNull();
  });
});
