// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TJobSiteStateChange } from '@ats/contracts/job-site-states';
import { JobSiteStateLine, lastChangeOf } from './card-job-site-state';

afterEach(cleanup);

const change = (
  id: number,
  applicationId: number,
  overrides: Partial<TJobSiteStateChange> = {},
): TJobSiteStateChange => ({
  id,
  application_id: applicationId,
  site: 'hh',
  state: 'discard',
  status: 'sent',
  text: 'Отказ отправлен на hh.ru',
  error: null,
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('the application’s state on the job site', () => {
  it('takes the newest change of that very application', () => {
    const list = [change(9, 2), change(8, 1, { state: 'invitation' }), change(5, 1)];
    expect(lastChangeOf(list, 1)?.id).toBe(8);
    expect(lastChangeOf(list, 3)).toBeNull();
  });

  it('says the state, and the result: sent, waiting to retry, refused with the reason', () => {
    const { rerender } = render(<JobSiteStateLine change={change(1, 1)} />);
    expect(screen.getByTestId('job-site-state').textContent).toBe(
      'Статус на hh.ru: Отказ — Отказ отправлен на hh.ru',
    );
    rerender(
      <JobSiteStateLine
        change={change(1, 1, {
          state: 'invitation',
          status: 'queued',
          text: 'hh.ru не ответил, повторим позже',
        })}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      'Статус на hh.ru: Приглашение — hh.ru не ответил, повторим позже',
    );
    rerender(
      <JobSiteStateLine
        change={change(1, 1, {
          state: 'invitation',
          status: 'failed',
          text: 'hh.ru не предлагает такого действия для этого отклика',
        })}
      />,
    );
    expect(screen.getByTestId('job-site-state').textContent).toContain(
      'hh.ru не предлагает такого действия',
    );
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<JobSiteStateLine change={null} />);
    expect(screen.queryByTestId('job-site-state')).toBeNull();
  });
});
