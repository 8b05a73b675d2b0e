// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../shared/toasts';
import { ErrorScreen } from './error-screen';

const renderAt = (status: number) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/missing']}>
        <ErrorScreen status={status} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('error page', () => {
  it('says the page does not exist for 404 and links home', () => {
    renderAt(404);
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Такой страницы нет' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Сообщить об ошибке' })).toBeNull();
  });

  it('rejects an empty report with an info toast and sends nothing', () => {
    const info = vi.spyOn(notify, 'info').mockImplementation(() => 1);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderAt(500);
    expect(screen.getByRole('heading', { name: 'Ой, что-то пошло не так!' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сообщить об ошибке' }));
    const dialog = screen.getByRole('dialog', { name: 'Сообщить об ошибке' });
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(info).toHaveBeenCalledWith('Пожалуйста, введите сообщение');
    expect(fetchSpy).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(dialog.isConnected).toBe(false);
  });
});
