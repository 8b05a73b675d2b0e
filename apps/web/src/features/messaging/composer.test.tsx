// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TMsgChannel, TMsgMessage } from '@ats/contracts/messaging';
import { ConversationPanel } from './conversation-panel';

const envelope = (status: number, message: unknown, errors?: Record<string, string>) =>
  new Response(JSON.stringify({ code: status, status: 'x', message, errors }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const channel = (id: number, kind: TMsgChannel['kind'], address: string): TMsgChannel => ({
  id,
  kind,
  name: address,
  address,
  scope: 'account',
  user_id: null,
  state: 'active',
  last_error: null,
  settings: {},
  has_secret: true,
  created_at: '2026-11-27T08:00:00Z',
  updated_at: '2026-11-27T08:00:00Z',
});

const message = (id: number, patch: Partial<TMsgMessage> = {}): TMsgMessage => ({
  id,
  applicant_id: 5,
  channel_id: 1,
  channel_kind: 'telegram',
  channel_name: '@hr_bot',
  direction: 'in',
  author: { type: 'applicant', user_id: null, name: 'Анна Соколова' },
  subject: null,
  text: `Сообщение ${id}`,
  attachments: [],
  state: 'received',
  reason: null,
  attempts: 0,
  created_at: `2026-11-27T08:0${id}:00Z`,
  sent_at: null,
  can_retry: false,
  ...patch,
});

type Call = { url: string; method: string; body: unknown };

function serve(
  history: TMsgMessage[],
  onSend?: (body: unknown) => Response,
  /** The company's hh.ru channel (id 3), and the channels the applicant has a chat on. */
  site: { hh: boolean; chats: number[] } = { hh: false, chats: [] },
) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ url, method, body });
    if (url.startsWith('/api/msg_integrations/msg_channels')) {
      return envelope(200, [
        channel(1, 'telegram', '@hr_bot'),
        channel(2, 'email', 'hr@firm.test'),
        ...(site.hh ? [channel(3, 'hh', 'ООО «Ромашка»')] : []),
      ]);
    }
    if (url.startsWith('/api/msg_integrations/chats/applicant_chats/5/channels')) {
      return envelope(200, {
        items: site.chats.map((id) => ({ channel_id: id, kind: id === 3 ? 'hh' : 'telegram' })),
      });
    }
    if (url.startsWith('/api/msg_integrations/chats/applicant_chats_history/5')) {
      return envelope(200, {
        items: [...history].reverse(),
        total: history.length,
        has_more: false,
        next_before_id: null,
        unread: 0,
      });
    }
    if (url.startsWith('/api/msg_integrations/chats/applicant_chats/5/messages')) {
      return onSend ? onSend(body) : envelope(200, message(99, { direction: 'out' }));
    }
    if (url.startsWith('/api/msg_integrations/chats/messages/3/retry')) {
      return envelope(200, message(3, { direction: 'out', state: 'queued' }));
    }
    if (url.includes('telegram_links')) return envelope(200, { items: [] });
    if (url.startsWith('/api/account_mail_temps')) return envelope(200, []);
    return envelope(404, 'Не найдено');
  });
  return calls;
}

function renderPanel() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ConversationPanel applicantId={5} canSend />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the conversation on the card', () => {
  it('draws the timeline oldest first with each message’s delivery state, and «Повторить» on a failed one', async () => {
    const calls = serve([
      message(1),
      message(2, {
        direction: 'out',
        author: { type: 'user', user_id: 1, name: 'Ирина Рекрутер' },
        state: 'delivered',
      }),
      message(3, {
        direction: 'out',
        author: { type: 'user', user_id: 1, name: 'Ирина Рекрутер' },
        state: 'failed',
        reason: 'Бот заблокирован кандидатом',
        can_retry: true,
      }),
    ]);
    renderPanel();
    const log = await screen.findByRole('log', { name: 'Сообщения' });
    const articles = await within(log).findAllByRole('article');
    expect(articles.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Сообщение 1'),
      expect.stringContaining('Сообщение 2'),
      expect.stringContaining('Сообщение 3'),
    ]);
    expect(articles[1]!.textContent).toContain('Доставлено');
    expect(articles[2]!.textContent).toContain('Не отправлено: Бот заблокирован кандидатом');
    expect(within(articles[1]!).queryByRole('button', { name: 'Повторить' })).toBeNull();
    fireEvent.click(within(articles[2]!).getByRole('button', { name: 'Повторить' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/messages/3/retry'))).toBe(
        true,
      ),
    );
  });

  it('sends by Ctrl+Enter through the chosen channel, a letter with its subject', async () => {
    const calls = serve([]);
    renderPanel();
    expect(await screen.findByText('Сообщений пока нет')).toBeTruthy();
    fireEvent.click(await screen.findByRole('radio', { name: /Почта/ }));
    fireEvent.change(screen.getByLabelText('Тема письма'), { target: { value: 'Встреча' } });
    const text = screen.getByLabelText('Текст сообщения');
    fireEvent.change(text, { target: { value: 'Добрый день!' } });
    fireEvent.keyDown(text, { key: 'Enter' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(''));
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      channel_id: 2,
      text: 'Добрый день!',
      subject: 'Встреча',
      file_ids: [],
    });
  });

  it('refuses a file over 15 MB before uploading it, and shows the server’s refusal of a message', async () => {
    const calls = serve([], () =>
      envelope(400, 'Кандидат ещё не писал в этот канал: отправьте ему ссылку на бота'),
    );
    renderPanel();
    const input = await screen.findByLabelText('Файлы для отправки');
    const big = new File(['x'], 'portfolio.zip');
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByRole('alert').textContent).toBe(
      'Файл «portfolio.zip» 16 МБ больше допустимых 15 МБ',
    );
    expect(screen.queryByRole('list', { name: 'Вложения' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Текст сообщения'), { target: { value: 'Привет' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(
      await screen.findByText('Кандидат ещё не писал в этот канал: отправьте ему ссылку на бота'),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/files'))).toBe(false);
  });

  it('offers hh.ru only to an applicant with a negotiation there, for text alone', async () => {
    serve([], undefined, { hh: true, chats: [1] });
    renderPanel();
    expect(await screen.findByRole('radio', { name: /Почта/ })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Telegram· @hr_bot',
      'Почта· hr@firm.test',
    ]);
  });

  it('writes through hh.ru to an applicant who responded there', async () => {
    const calls = serve([], undefined, { hh: true, chats: [3] });
    renderPanel();
    fireEvent.click(await screen.findByRole('radio', { name: /hh\.ru/ }));
    expect(screen.queryByRole('button', { name: 'Приложить файл' })).toBeNull();
    expect(screen.getByText(/Через hh\.ru уходит только текст/)).toBeTruthy();
    const text = screen.getByLabelText('Текст сообщения');
    fireEvent.change(text, { target: { value: 'Приглашаем на интервью' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(''));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      channel_id: 3,
      text: 'Приглашаем на интервью',
      file_ids: [],
    });
  });
});
