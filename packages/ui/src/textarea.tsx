import type { TextareaHTMLAttributes } from 'react';
import { cx } from './class-names';
import { controlClassName } from './input';

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  invalid?: boolean;
  ref?: React.Ref<HTMLTextAreaElement>;
};

export function Textarea({ invalid, className, rows = 4, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cx(controlClassName(invalid), 'py-2', className)}
      {...rest}
    />
  );
}
