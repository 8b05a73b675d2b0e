import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors } from './form-errors';

describe('server field errors', () => {
  it('land on fields named with or without the wrapper', () => {
    const setError = vi.fn();
    const fields = ['admin_user.email', 'admin_user.inn'] as const;
    const applied = applyServerErrors(
      setError,
      { email: 'Email уже занят', 'admin_user.inn': 'Неверный ИНН', other: 'x' },
      fields,
      'admin_user.',
    );
    expect(applied).toBe(true);
    expect(setError).toHaveBeenCalledWith('admin_user.email', {
      type: 'server',
      message: 'Email уже занят',
    });
    expect(setError).toHaveBeenCalledWith('admin_user.inn', {
      type: 'server',
      message: 'Неверный ИНН',
    });
    expect(setError).toHaveBeenCalledTimes(2);
  });
  it('report nothing when there are no errors', () => {
    expect(applyServerErrors(vi.fn(), undefined, ['email'])).toBe(false);
  });
});
