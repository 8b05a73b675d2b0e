// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateInput } from './date-input';
import { DigitsInput } from './digits-input';
import { TextInput } from './text-input';
import { TimeInput } from './time-input';

describe('shared inputs', () => {
  it('date input formats typed digits', () => {
    render(<DateInput aria-label="Дата" />);
    const input = screen.getByLabelText<HTMLInputElement>('Дата');
    fireEvent.change(input, { target: { value: '12032024' } });
    expect(input.value).toBe('12.03.2024');
  });
  it('time input formats typed digits', () => {
    render(<TimeInput aria-label="Время" />);
    const input = screen.getByLabelText<HTMLInputElement>('Время');
    fireEvent.change(input, { target: { value: '0930' } });
    expect(input.value).toBe('09:30');
  });
  it('digits input blocks letters and cleans pasted text', () => {
    render(<DigitsInput aria-label="ИНН" maxDigits={12} />);
    const input = screen.getByLabelText<HTMLInputElement>('ИНН');
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '7' })).toBe(true);
    fireEvent.change(input, { target: { value: '77-01 abc 23' } });
    expect(input.value).toBe('770123');
  });
  it('text input collapses spaces', () => {
    render(<TextInput aria-label="Имя" />);
    const input = screen.getByLabelText<HTMLInputElement>('Имя');
    fireEvent.change(input, { target: { value: '  a   b ' } });
    expect(input.value).toBe('a b ');
  });
});
