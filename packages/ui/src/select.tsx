import type { SelectHTMLAttributes } from 'react';
import { cx } from './class-names';
import { controlClassName } from './input';

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLSelectElement>;
};

export function Select({ invalid, className, children, ...rest }: SelectProps) {
  return (
    <select
      aria-invalid={invalid || undefined}
      className={cx(controlClassName(invalid), 'h-10 pr-8', className)}
      {...rest}
    >
      {children}
    </select>
  );
}
