import type { HTMLAttributes } from 'react';
import { cx } from './class-names';

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cx('rounded-xl bg-white shadow-sm ring-1 ring-zinc-200', className)}
      {...rest}
    />
  );
}
