import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { TApplicant } from '@ats/contracts/applicants';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../../shared/form-errors';
import { DateInput } from '../../shared/inputs/date-input';
import { DigitsInput } from '../../shared/inputs/digits-input';
import { TextInput } from '../../shared/inputs/text-input';
import { useUpdateApplicant } from './applicants.queries';
import { FormActions } from './card-section';
import {
  contactsDefaults,
  mainInfoDefaults,
  salaryDefaults,
  longTextForm,
  type LongTextField,
  resumeLinksDefaults,
  ZResumeLinksForm,
  ZContactsForm,
  ZMainInfoForm,
  ZSalaryForm,
  ZSkillsForm,
} from './card-form-schemas';
import { CurrencyOptions } from '../../shared/inputs/currency-options';
import { SkillsInput } from './skills-input';
import { SimilarApplicantsPanel } from '../../shared/doubles/similar-applicants-panel';
import {
  changesIdentity,
  checkDraftOfApplicant,
  useSimilarApplicants,
} from '../../shared/doubles/use-similar-applicants';

/**
 * Doubles of the applicant as edited: asked only once a name, contact or birthday differs from
 * the saved card (the card's own banner already shows the doubles it has).
 */
function useSimilarWhileEditing(applicant: TApplicant, edited: Record<string, string>) {
  const saved = checkDraftOfApplicant(applicant);
  const typed = { ...saved, ...edited };
  return useSimilarApplicants(typed, {
    excludeId: applicant.id,
    enabled: changesIdentity(saved, typed),
  });
}

type FormProps = { applicant: TApplicant; onDone: () => void };

const MAIN_INFO_CHECKED = [
  'last_name',
  'first_name',
  'middle_name',
  'birthday',
  'city',
  'company',
] as const;

export function MainInfoForm({ applicant, onDone }: FormProps) {
  const update = useUpdateApplicant(applicant.id);
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(ZMainInfoForm),
    defaultValues: mainInfoDefaults(applicant),
  });
  const { errors } = formState;
  const watched = useWatch({ control, name: MAIN_INFO_CHECKED });
  const similar = useSimilarWhileEditing(
    applicant,
    Object.fromEntries(MAIN_INFO_CHECKED.map((name, i) => [name, watched[i] ?? ''])),
  );
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) {
      onDone();
    } else {
      applyServerErrors(setError, result.errors, [
        'last_name',
        'first_name',
        'middle_name',
        'position',
        'company',
        'city',
        'birthday',
      ]);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Основные данные">
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Фамилия" error={errors.last_name?.message}>
          {(c) => <TextInput {...c} {...register('last_name')} />}
        </Field>
        <Field label="Имя" error={errors.first_name?.message}>
          {(c) => <TextInput {...c} {...register('first_name')} />}
        </Field>
        <Field label="Отчество" error={errors.middle_name?.message}>
          {(c) => <TextInput {...c} {...register('middle_name')} />}
        </Field>
        <Field label="Должность" error={errors.position?.message}>
          {(c) => <TextInput {...c} {...register('position')} />}
        </Field>
        <Field label="Компания" error={errors.company?.message}>
          {(c) => <TextInput {...c} {...register('company')} />}
        </Field>
        <Field label="Город" error={errors.city?.message}>
          {(c) => <TextInput {...c} {...register('city')} />}
        </Field>
        <Field label="Дата рождения" error={errors.birthday?.message}>
          {(c) => <DateInput {...c} {...register('birthday')} />}
        </Field>
      </div>
      <div className="mt-4 empty:hidden">
        <SimilarApplicantsPanel matches={similar} editing />
      </div>
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}

const CONTACTS_CHECKED = ['phone', 'email', 'tg'] as const;

export function ContactsForm({ applicant, onDone }: FormProps) {
  const update = useUpdateApplicant(applicant.id);
  const { register, handleSubmit, setError, formState, control } = useForm({
    resolver: zodResolver(ZContactsForm),
    defaultValues: contactsDefaults(applicant),
  });
  const { errors } = formState;
  const watched = useWatch({ control, name: CONTACTS_CHECKED });
  const similar = useSimilarWhileEditing(
    applicant,
    Object.fromEntries(CONTACTS_CHECKED.map((name, i) => [name, watched[i] ?? ''])),
  );
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) onDone();
    else applyServerErrors(setError, result.errors, ['phone', 'email', 'tg', 'skype']);
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Контакты">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Телефон" error={errors.phone?.message}>
          {(c) => <TextInput type="tel" {...c} {...register('phone')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(c) => <TextInput type="email" {...c} {...register('email')} />}
        </Field>
        <Field label="Telegram" hint="@ник или ссылка t.me" error={errors.tg?.message}>
          {(c) => <TextInput {...c} {...register('tg')} />}
        </Field>
        <Field label="Skype" error={errors.skype?.message}>
          {(c) => <TextInput {...c} {...register('skype')} />}
        </Field>
      </div>
      <div className="mt-4 empty:hidden">
        <SimilarApplicantsPanel matches={similar} editing />
      </div>
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}

export function SalaryForm({ applicant, onDone }: FormProps) {
  const update = useUpdateApplicant(applicant.id);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZSalaryForm),
    defaultValues: salaryDefaults(applicant),
  });
  const { errors } = formState;
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) onDone();
    else applyServerErrors(setError, result.errors, ['money', 'currency']);
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Зарплата">
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <Field label="Желаемая зарплата" error={errors.money?.message}>
          {(c) => <DigitsInput maxDigits={10} {...c} {...register('money')} />}
        </Field>
        <Field label="Валюта" error={errors.currency?.message}>
          {(c) => (
            <Select {...c} {...register('currency')}>
              <CurrencyOptions />
            </Select>
          )}
        </Field>
      </div>
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}

export function SkillsForm({ applicant, onDone }: FormProps) {
  const update = useUpdateApplicant(applicant.id);
  const { control, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(ZSkillsForm),
    defaultValues: { skills: applicant.skills },
  });
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) onDone();
    else applyServerErrors(setError, result.errors, ['skills']);
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Навыки">
      <Controller
        control={control}
        name="skills"
        render={({ field, fieldState }) => (
          <Field label="Навыки" error={fieldState.error?.message}>
            {(c) => (
              <SkillsInput
                {...c}
                value={field.value.map((name) => ({ name }))}
                onChange={(skills) => field.onChange(skills.map((s) => s.name))}
              />
            )}
          </Field>
        )}
      />
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}

/** A free-text section of the card (about, unidentified information) as one textarea. */
export function LongTextForm({
  applicant,
  field,
  label,
  onDone,
}: FormProps & { field: LongTextField; label: string }) {
  const update = useUpdateApplicant(applicant.id);
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(longTextForm(field)),
    defaultValues: { text: applicant[field] ?? '' },
  });
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) onDone();
    else applyServerErrors(setError, result.errors, ['text']);
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Field label={label} error={formState.errors.text?.message}>
        {(c) => <Textarea rows={6} {...c} {...register('text')} />}
      </Field>
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}

/** The résumé links, one a line; each is checked by the URL check when the box is left. */
export function ResumeLinksForm({ applicant, onDone }: FormProps) {
  const update = useUpdateApplicant(applicant.id);
  const { register, handleSubmit, setError, trigger, formState } = useForm({
    resolver: zodResolver(ZResumeLinksForm),
    defaultValues: resumeLinksDefaults(applicant),
  });
  const onSubmit = handleSubmit(async (body) => {
    const result = await update.mutateAsync(body);
    if (result.ok) onDone();
    else if (result.errors) setError('links', { type: 'server', message: result.message });
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Ссылки на резюме">
      <Field
        label="Ссылки на резюме"
        hint="По одной в строке, например hh.ru/resume/… или https://…"
        error={formState.errors.links?.message}
      >
        {(c) => (
          <Textarea
            rows={3}
            {...c}
            {...register('links', { onBlur: () => void trigger('links') })}
          />
        )}
      </Field>
      <FormActions onCancel={onDone} saving={formState.isSubmitting} />
    </form>
  );
}
