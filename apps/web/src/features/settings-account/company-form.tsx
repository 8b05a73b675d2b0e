import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ZAccountSettingsFields, type TAccount } from '@ats/contracts/account';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { DigitsInput } from '../../shared/inputs/digits-input';
import { TextInput } from '../../shared/inputs/text-input';
import { timeZoneOptions } from '../../shared/time-zones';
import { useUpdateAccountSettings } from './settings-account.queries';

type FormInput = z.input<typeof ZAccountSettingsFields>;
type FormOutput = z.output<typeof ZAccountSettingsFields>;
const FIELDS = ['company_name', 'inn', 'time_zone'] as const;

const toFormValues = (account: TAccount): FormInput => ({
  company_name: account.name,
  inn: account.inn ?? '',
  time_zone: account.time_zone,
});

/** The company's name, ИНН (checked here and on the server) and time zone. */
export function CompanyForm({ account, canEdit }: { account: TAccount; canEdit: boolean }) {
  const update = useUpdateAccountSettings();
  const { register, handleSubmit, setError, reset, formState } = useForm<
    FormInput,
    unknown,
    FormOutput
  >({
    resolver: zodResolver(ZAccountSettingsFields),
    defaultValues: toFormValues(account),
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
    <form noValidate onSubmit={onSubmit} aria-label="Данные компании">
      <fieldset disabled={!canEdit} className="flex flex-col gap-5">
        <Field label="Название компании" required error={errors.company_name?.message}>
          {(c) => <TextInput {...c} autoComplete="organization" {...register('company_name')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="ИНН"
            hint="10 цифр для организации или 12 для ИП"
            error={errors.inn?.message}
          >
            {(c) => <DigitsInput {...c} maxDigits={12} {...register('inn')} />}
          </Field>
          <Field label="Часовой пояс" error={errors.time_zone?.message}>
            {(c) => (
              <Select {...c} {...register('time_zone')}>
                {timeZoneOptions(account.time_zone).map((zone) => (
                  <option key={zone.value} value={zone.value}>
                    {zone.label}
                  </option>
                ))}
              </Select>
            )}
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
