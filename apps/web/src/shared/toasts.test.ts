import { describe, expect, it, vi } from 'vitest';
import { toast } from 'sonner';
import { notify } from './toasts';

vi.mock('sonner', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() },
}));

describe('toast durations (SPEC.md §9)', () => {
  it('shows a notification for 4500 ms unless told otherwise', () => {
    notify.success('Готово');
    expect(toast.success).toHaveBeenCalledWith('Готово', { duration: 4500 });
    notify.error('Ошибка', 5000);
    expect(toast.error).toHaveBeenCalledWith('Ошибка', { duration: 5000 });
  });

  it('keeps the inactive-account message for 60 s, as one toast', () => {
    notify.accountInactive();
    notify.accountInactive();
    expect(toast.error).toHaveBeenLastCalledWith(
      'Ваш аккаунт не активен. Обратитесь к менеджеру для активации.',
      { id: 'account-inactive', duration: 60_000 },
    );
  });
});
