import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import type { ApiResult } from '../../shared/api-client';
import { DateInput } from '../../shared/inputs/date-input';
import { TextInput } from '../../shared/inputs/text-input';
import { RichTextEditor } from '../../shared/rich-text/rich-text-editor';
import { useCountries, useRecruiters } from '../../shared/applicant/applicant-references.queries';
import { CurrencyOptions } from '../../shared/inputs/currency-options';
import { AdditionalFieldsEditor } from './additional-fields-editor';
import { MemberPicker } from './member-picker';
import { useDivisions, useFunnels } from './vacancies.queries';
import {
  RICH_TEXT_SECTIONS,
  VACANCY_FORM_FIELDS,
  ZCreateVacancyForm,
  ZUpdateVacancyForm,
  ZVacancyTemplateForm,
  type VacancyFormValues,
} from './vacancy-form-schema';
import { flattenDivisions, PRIORITY_OPTIONS } from './vacancy-format';

export type VacancyFormMode = 'create' | 'edit' | 'template';

const SCHEMAS: Record<VacancyFormMode, z.ZodType<unknown, VacancyFormValues>> = {
  create: ZCreateVacancyForm,
  edit: ZUpdateVacancyForm,
  template: ZVacancyTemplateForm,
};

type Props = {
  mode: VacancyFormMode;
  values: VacancyFormValues;
  submitLabel: string;
  onCancel?: () => void;
  /** Gets the checked values; a failed answer's field errors are shown under their inputs. */
  onSubmit: (values: VacancyFormValues) => Promise<ApiResult<unknown>>;
};

/** Create or edit a vacancy, or edit a template: every field of huntlee-api.md §6.3. */
export function VacancyForm({ mode, values, submitLabel, onCancel, onSubmit }: Props) {
  const users = useRecruiters();
  const divisions = useDivisions();
  const funnels = useFunnels();
  const countries = useCountries();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, reset, getValues, formState } = useForm<
    VacancyFormValues,
    unknown,
    unknown
  >({
    resolver: zodResolver(SCHEMAS[mode]),
    defaultValues: values,
  });
  const { errors, isSubmitting } = formState;

  // New values from outside (a template picked, the record refetched) refill the form.
  useEffect(() => reset(values), [reset, values]);

  const submit = handleSubmit(async () => {
    setFormError(null);
    const result = await onSubmit(getValues());
    if (result.ok) return;
    let placed = false;
    for (const [key, message] of Object.entries(result.errors ?? {})) {
      const top = key.split('.')[0] as keyof VacancyFormValues;
      if (VACANCY_FORM_FIELDS.includes(top)) {
        setError(key as Path<VacancyFormValues>, { type: 'server', message });
        placed = true;
      }
    }
    if (!placed) setFormError(result.message);
  });

  const divisionOptions = flattenDivisions(divisions.data ?? []);
  const userList = users.data ?? [];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {mode === 'template' && (
        <Field label="Название шаблона" required error={errors.name?.message}>
          {(c) => <TextInput autoComplete="off" {...c} {...register('name')} />}
        </Field>
      )}
      <Field label="Должность" required={mode !== 'template'} error={errors.position?.message}>
        {(c) => <TextInput autoComplete="off" {...c} {...register('position')} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Зарплата от" error={errors.salary_from?.message}>
          {(c) => <TextInput inputMode="numeric" {...c} {...register('salary_from')} />}
        </Field>
        <Field label="Зарплата до" error={errors.salary_to?.message}>
          {(c) => <TextInput inputMode="numeric" {...c} {...register('salary_to')} />}
        </Field>
        <Field label="Валюта" error={errors.currency?.message}>
          {(c) => (
            <Select {...c} {...register('currency')}>
              <CurrencyOptions />
            </Select>
          )}
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Сколько нужно нанять" error={errors.needed?.message}>
          {(c) => <TextInput inputMode="numeric" {...c} {...register('needed')} />}
        </Field>
        <Field label="Приоритет" error={errors.priority?.message}>
          {(c) => (
            <Select {...c} {...register('priority')}>
              {PRIORITY_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {mode !== 'edit' && (
          <Field
            label="Воронка"
            hint={
              values.vacancy_template_id
                ? 'Без выбора — этапы шаблона'
                : 'Этапы воронки копируются в вакансию'
            }
            error={errors.status_group?.message}
          >
            {(c) => (
              <Select {...c} {...register('status_group')}>
                <option value="">
                  {values.vacancy_template_id ? 'Из шаблона' : 'Воронка по умолчанию'}
                </option>
                {funnels.data?.map((funnel) => (
                  <option key={funnel.id} value={funnel.id}>
                    {funnel.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
      </div>

      <label className="flex items-center gap-2 text-sm text-zinc-800">
        <input type="checkbox" className="size-4 rounded" {...register('is_hidden')} />
        Скрытая вакансия: не публикуется на сайтах
      </label>

      {mode !== 'template' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="owners"
            render={({ field, fieldState }) => (
              <MemberPicker
                label="Ответственные"
                users={userList}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="watchers"
            render={({ field, fieldState }) => (
              <MemberPicker
                label="Наблюдатели"
                users={userList}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Подразделение" error={errors.account_division_id?.message}>
          {(c) => (
            <Select {...c} {...register('account_division_id')}>
              <option value="">Без подразделения</option>
              {divisionOptions.map((division) => (
                <option key={division.id} value={division.id}>
                  {`${'\u00a0\u00a0'.repeat(division.depth)}${division.depth ? '└ ' : ''}${division.name}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Страна" error={errors.country?.message}>
          {(c) => (
            <Select {...c} {...register('country')}>
              <option value="">Не указана</option>
              {countries.data?.map((country) => (
                <option key={country.id} value={country.id}>
                  {country.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Город" error={errors.city?.message}>
          {(c) => <TextInput {...c} {...register('city')} />}
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        {mode !== 'template' && (
          <Field label="Закрыть до" error={errors.date_will_close?.message}>
            {(c) => <DateInput {...c} {...register('date_will_close')} />}
          </Field>
        )}
        <Field
          label="Срок закрытия, дней"
          hint="Сколько дней даётся на закрытие вакансии"
          error={errors.days_until_deadline?.message}
        >
          {(c) => <TextInput inputMode="numeric" {...c} {...register('days_until_deadline')} />}
        </Field>
      </div>

      {RICH_TEXT_SECTIONS.map((section) => (
        <Controller
          key={section.name}
          control={control}
          name={section.name}
          render={({ field, fieldState }) => (
            <Field label={section.label} error={fieldState.error?.message}>
              {(c) => (
                <RichTextEditor
                  id={c.id}
                  label={section.label}
                  describedBy={c['aria-describedby']}
                  invalid={c.invalid}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            </Field>
          )}
        />
      ))}

      <AdditionalFieldsEditor
        control={control}
        register={register}
        errors={errors.additional_fields_list}
      />

      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex justify-end gap-2 border-t border-zinc-100 pt-4">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Отмена
          </Button>
        )}
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
