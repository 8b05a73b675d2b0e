// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IconPicker } from './icon-picker';

describe('icon picker', () => {
  it('shows all 98 icons and reports the chosen one', () => {
    const onChange = vi.fn();
    render(<IconPicker value="star" onChange={onChange} />);
    expect(screen.getAllByRole('radio')).toHaveLength(98);
    expect(screen.getByRole('radio', { name: 'star' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: 'rocket-launch' }));
    expect(onChange).toHaveBeenCalledWith('rocket-launch');
  });
  it('filters by name', () => {
    render(<IconPicker value={null} onChange={() => {}} />);
    fireEvent.change(screen.getByLabelText('Найти иконку'), { target: { value: 'chart' } });
    expect(screen.getAllByRole('radio').map((b) => b.getAttribute('aria-label'))).toEqual([
      'chart-bar',
      'chart-pie',
      'presentation-chart-line',
    ]);
  });
});
