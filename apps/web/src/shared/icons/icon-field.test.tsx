// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { IconField } from './icon-field';
import { ItemIcon } from './item-icon';

describe('icon field', () => {
  it('opens the grid of 98 on demand, reports the pick and takes the icon off', () => {
    const onChange = vi.fn();
    const { rerender } = render(<IconField value={null} onChange={onChange} label="Иконка тега" />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Выбрать иконку' }));
    expect(screen.getByRole('radiogroup', { name: 'Иконка тега' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(98);
    fireEvent.click(screen.getByRole('radio', { name: 'trophy' }));
    expect(onChange).toHaveBeenLastCalledWith('trophy');

    rerender(<IconField value="trophy" onChange={onChange} label="Иконка тега" />);
    expect(screen.getByText('Выбрана иконка trophy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Убрать иконку' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('item icon', () => {
  it('draws a name of the list and nothing for null or an unknown name', () => {
    const { container, rerender } = render(<ItemIcon name="rocket-launch" />);
    expect(container.querySelector('svg[data-icon="rocket-launch"]')).not.toBeNull();
    rerender(<ItemIcon name={null} />);
    expect(container.querySelector('svg')).toBeNull();
    rerender(<ItemIcon name="unicorn" />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
