import type { InputHTMLAttributes } from 'react';
import { cx } from './class-names';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLInputElement>;
};

export const controlClassName = (invalid?: boolean) =>
  cx(
    'block w-full rounded-lg bg-white px-3 text-sm text-zinc-900 shadow-sm ring-1 ring-inset',
    'placeholder:text-zinc-400 focus:outline-none focus:ring-2 focus:ring-inset',
    'disabled:bg-zinc-50 disabled:text-zinc-500',
    invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-zinc-300 focus:ring-indigo-600',
  );

export function Input({ invalid, className, ...rest }: InputProps) {
  return (
    <input
      aria-invalid={invalid || undefined}
      className={cx(controlClassName(invalid), 'h-10', className)}
      {...rest}
    />
  );
}
