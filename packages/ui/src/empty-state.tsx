import type { ReactNode } from 'react';
import { cx } from './class-names';

export type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
};

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div
      className={cx(
        'flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed',
        'border-zinc-300 bg-white px-6 py-16 text-center',
        className,
      )}
    >
      {icon && <div className="text-zinc-400 [&>svg]:size-10">{icon}</div>}
      <h2 className="text-base font-semibold text-zinc-900">{title}</h2>
      {description && <p className="max-w-md text-sm text-zinc-500">{description}</p>}
      {action}
    </div>
  );
}
