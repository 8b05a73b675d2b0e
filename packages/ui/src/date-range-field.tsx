import { Field } from './field';
import { Input } from './input';
import { cx } from './class-names';

export type DateRangeFieldProps = {
  /** What the dates are of, for screen readers (e.g. «Дата добавления»). */
  legend: string;
  fromLabel: string;
  toLabel: string;
  /** ISO dates (YYYY-MM-DD) or ''. */
  from: string;
  to: string;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
  /** Shown under the end date (e.g. «раньше даты начала»). */
  error?: string;
  className?: string;
};

/**
 * Two date inputs of one period, side by side: the start cannot be picked after the end nor the
 * end before the start.
 */
export function DateRangeField({
  legend,
  fromLabel,
  toLabel,
  from,
  to,
  onFromChange,
  onToChange,
  error,
  className,
}: DateRangeFieldProps) {
  return (
    <fieldset className={cx('flex gap-2', className)}>
      <legend className="sr-only">{legend}</legend>
      <Field label={fromLabel} className="min-w-0 flex-1">
        {(c) => (
          <Input
            {...c}
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => onFromChange(event.target.value)}
          />
        )}
      </Field>
      <Field label={toLabel} className="min-w-0 flex-1" error={error}>
        {(c) => (
          <Input
            {...c}
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => onToChange(event.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
