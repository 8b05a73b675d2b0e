import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ACCOUNT_CURRENCIES,
  ZUpdateCommonSettingsRequest,
  type TCommonSettings,
} from '@ats/contracts/account';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { CURRENCIES, CurrencyOptions, currencyLabel } from '../../shared/inputs/currency-options';
import { TimeInput } from '../../shared/inputs/time-input';
import { timeZoneOptions } from '../../shared/time-zones';
import { WEEKDAY_SHORT } from './calendar-grid';
import { useUpdateCommonSettings } from './settings-common.queries';

type FormInput = z.input<typeof ZUpdateCommonSettingsRequest>;
type FormOutput = z.output<typeof ZUpdateCommonSettingsRequest>;

const FIELDS = ['time_zone', 'currency', 'work_days', 'work_hours_from', 'work_hours_to'] as const;
/** The product's own currencies come first (one select everywhere), then the company's others. */
const MORE_CURRENCIES = ACCOUNT_CURRENCIES.filter(
  (code) => !(CURRENCIES as readonly string[]).includes(code),
);
const MORE_SYMBOLS: Record<string, string> = {
  KZT: '₸',
  BYN: 'Br',
  UZS: 'сум',
  KGS: 'сом',
  AMD: '֏',
  CNY: '¥',
};
const moreCurrencyLabel = (code: string) =>
  MORE_SYMBOLS[code] ? `${code} ${MORE_SYMBOLS[code]}` : currencyLabel(code);

/** The stored currency is one of ACCOUNT_CURRENCIES: the server accepts no other. */
const toFormValues = (settings: TCommonSettings): FormInput => ({
  ...settings,
  currency: settings.currency as FormInput['currency'],
});

export function CommonSettingsForm({
  settings,
  canEdit,
}: {
  settings: TCommonSettings;
  canEdit: boolean;
}) {
  const update = useUpdateCommonSettings();
  const { register, control, handleSubmit, setError, reset, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZUpdateCommonSettingsRequest),
    defaultValues: toFormValues(settings),
  });
  const { errors, isSubmitting, isDirty } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const result = await update.mutateAsync(values);
    if (result.ok) {
      reset(toFormValues(result.data));
      return;
    }
    applyServerErrors(setError, result.errors, FIELDS);
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Общие настройки">
      <fieldset disabled={!canEdit} className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Часовой пояс компании" error={errors.time_zone?.message}>
            {(c) => (
              <Select {...c} {...register('time_zone')}>
                {timeZoneOptions(settings.time_zone).map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Валюта по умолчанию" error={errors.currency?.message}>
            {(c) => (
              <Select {...c} {...register('currency')}>
                <CurrencyOptions />
                {MORE_CURRENCIES.map((code) => (
                  <option key={code} value={code}>
                    {moreCurrencyLabel(code)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>

        <Controller
          control={control}
          name="work_days"
          render={({ field }) => (
            <div role="group" aria-label="Рабочие дни недели" className="flex flex-col gap-1.5">
              <span className="text-sm font-medium text-zinc-800">Рабочие дни недели</span>
              <div className="flex flex-wrap gap-2">
                {WEEKDAY_SHORT.map(({ day, short, long }) => {
                  const selected = (field.value ?? []).includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      title={long}
                      aria-pressed={selected}
                      onClick={() =>
                        field.onChange(
                          selected
                            ? (field.value ?? []).filter((d) => d !== day)
                            : [...(field.value ?? []), day].sort((a, b) => a - b),
                        )
                      }
                      className={cx(
                        'h-10 w-12 rounded-lg text-sm font-medium ring-1 ring-inset transition-colors',
                        'disabled:cursor-not-allowed disabled:opacity-60',
                        selected
                          ? 'bg-indigo-600 text-white ring-indigo-600'
                          : 'bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-50',
                      )}
                    >
                      {/* Read as the whole day's name, drawn as its short form. */}
                      <span aria-hidden="true">{short}</span>
                      <span className="sr-only">{long}</span>
                    </button>
                  );
                })}
              </div>
              {errors.work_days && (
                <p role="alert" className="text-xs text-red-600">
                  {errors.work_days.message ?? errors.work_days.root?.message}
                </p>
              )}
            </div>
          )}
        />

        <div className="grid max-w-sm grid-cols-2 gap-4">
          <Field label="Рабочий день с" error={errors.work_hours_from?.message}>
            {(c) => <TimeInput {...c} {...register('work_hours_from')} />}
          </Field>
          <Field label="до" error={errors.work_hours_to?.message}>
            {(c) => <TimeInput {...c} {...register('work_hours_to')} />}
          </Field>
        </div>

        {canEdit && (
          <div className="flex justify-end">
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              Сохранить
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
