import { cx } from './class-names';

export type SpinnerProps = { className?: string; label?: string };

export function Spinner({ className, label = 'Загрузка' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={cx('inline-flex', className)}>
      <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" opacity="0.25" />
        <path
          d="M22 12a10 10 0 0 0-10-10"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    </span>
  );
}
