import { useState, type FormEvent } from 'react';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Select } from '@ats/ui/select';
import { DateInput } from '../../shared/inputs/date-input';
import { longDate, parseRussianDate } from './calendar-grid';
import { useDateByWorkdays } from './settings-common.queries';

const DATE_REQUIRED = 'Введите дату как ДД.ММ.ГГГГ';
const DAYS_REQUIRED = 'Введите число рабочих дней от 0 до 1000';

/** «Посчитать срок»: the date N working days after (or before) a date, by the company calendar. */
export function DeadlineHelper() {
  const [date, setDate] = useState('');
  const [days, setDays] = useState('');
  const [direction, setDirection] = useState<'after' | 'before'>('after');
  const [errors, setErrors] = useState<{ date?: string; days?: string }>({});
  const ask = useDateByWorkdays();
  const answer = ask.data?.ok ? ask.data.data : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const iso = parseRussianDate(date);
    const count = /^\d{1,4}$/.test(days.trim()) ? Number(days) : NaN;
    const found = {
      ...(iso ? {} : { date: DATE_REQUIRED }),
      ...(Number.isInteger(count) && count <= 1000 ? {} : { days: DAYS_REQUIRED }),
    };
    setErrors(found);
    if (!iso || found.days) return;
    ask.mutate({ date: iso, days: direction === 'after' ? count : -count });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Посчитать срок"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[10rem_8rem_10rem_auto] sm:items-end">
        <Field label="Дата" error={errors.date}>
          {(c) => <DateInput {...c} value={date} onChange={(e) => setDate(e.target.value)} />}
        </Field>
        <Field label="Рабочих дней" error={errors.days}>
          {(c) => (
            <Input
              {...c}
              inputMode="numeric"
              value={days}
              onChange={(e) => setDays(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          )}
        </Field>
        <Field label="Считать">
          {(c) => (
            <Select
              {...c}
              value={direction}
              onChange={(e) => setDirection(e.target.value as 'after' | 'before')}
            >
              <option value="after">вперёд</option>
              <option value="before">назад</option>
            </Select>
          )}
        </Field>
        <Button type="submit" loading={ask.isPending}>
          Посчитать срок
        </Button>
      </div>
      {answer && (
        <p role="status" className="text-sm text-zinc-800">
          Срок: <strong data-testid="deadline-result">{longDate(answer.date)}</strong>
          {answer.is_preliminary && (
            <span className="ml-2 text-zinc-500">
              (предварительно: постановление о переносах на этот год ещё не учтено)
            </span>
          )}
        </p>
      )}
    </form>
  );
}
