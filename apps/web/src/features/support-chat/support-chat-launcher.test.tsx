// @vitest-environment jsdom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMe } from '@ats/contracts/me';
import { memberOf, renderWithApp, stubApi } from '../../shared/testing/vacancy-test-data';
import { SupportChatLauncher } from './support-chat-launcher';

// SPEC.md §9: the chat widget is loaded or removed dynamically; its visibility per is_hide_chat
// is applied 3 s after load.

const userWith = (hidden: boolean) =>
  memberOf({
    admin_user_setting: { ...memberOf({}).admin_user_setting, is_hide_chat: hidden },
  } as Partial<TMe>);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the support chat launcher', () => {
  it('shows the widget 3 s after load, not before', { timeout: 30_000 }, async () => {
    stubApi({ '/api/support_chat': { message: { available: true, messages: [] } } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithApp(<SupportChatLauncher />, userWith(false));
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByRole('button', { name: 'Чат с поддержкой' })).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    vi.useRealTimers();
    // The widget's code is loaded now: give the dynamic import its time.
    expect(
      await screen.findByRole('button', { name: 'Чат с поддержкой' }, { timeout: 15_000 }),
    ).toBeTruthy();
  });

  it('keeps it off the page for a user who hid the chat', async () => {
    stubApi({});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithApp(<SupportChatLauncher />, userWith(true));
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    vi.useRealTimers();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Чат с поддержкой' })).toBeNull();
  });
});
