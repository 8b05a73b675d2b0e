import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import type { z } from 'zod';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { TResumeDraft } from '@ats/contracts/resume-parse';
import { useNavigate } from 'react-router';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../../shared/form-errors';
import { notify } from '../../shared/toasts';
import type { CheckDraftInput } from '../../shared/doubles/check-draft';
import { SimilarApplicantsPanel } from '../../shared/doubles/similar-applicants-panel';
import { useSimilarApplicants } from '../../shared/doubles/use-similar-applicants';
import { personDisplayName } from '@ats/contracts/person-name';
import { DateInput } from '../../shared/inputs/date-input';
import { TextInput } from '../../shared/inputs/text-input';
import {
  CREATE_FORM_FIELDS,
  EMPTY_CREATE_FORM,
  type CreateApplicantFormValues,
  nullIfBlank,
  ZCreateApplicantForm,
} from './applicant-form-schema';
import {
  useAccountSources,
  useRecruiters,
} from '../../shared/applicant/applicant-references.queries';
import { useCreateApplicant } from './applicants.queries';
import { CurrencyOptions } from '../../shared/inputs/currency-options';
import { PhotoInput } from './photo-input';
import { extrasOfDraft, extrasSummary, formValuesOfDraft, type ResumeExtras } from './resume-draft';
import { ResumeDropZone } from './resume-drop-zone';
import { ResumeLeftovers } from './resume-leftovers';
import { attachResumeFile } from './resume-parse.queries';
import { SkillsInput } from './skills-input';
import { TagPicker } from './tag-picker';

const CHECKED_FIELDS = [
  'last_name',
  'first_name',
  'middle_name',
  'phone',
  'email',
  'tg',
  'birthday',
  'city',
  'company',
] as const;

/** The doubles of what is typed so far. */
function useSimilarToForm(
  control: Control<CreateApplicantFormValues, unknown, z.output<typeof ZCreateApplicantForm>>,
) {
  const values = useWatch({ control, name: CHECKED_FIELDS });
  const typed = Object.fromEntries(CHECKED_FIELDS.map((name, i) => [name, values[i] ?? '']));
  return useSimilarApplicants(typed as CheckDraftInput);
}

type Props = { open: boolean; onClose: () => void };

export function CreateApplicantDialog({ open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Новый кандидат"
      description="Достаточно имени или фамилии — остальное можно дополнить в карточке."
      className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto"
    >
      <CreateApplicantForm onCancel={onClose} />
    </Dialog>
  );
}

export type CreateApplicantFormProps = {
  onCancel: () => void;
  /** Create the applicant straight onto this vacancy and stage (the board's «Добавить кандидата»). */
  placement?: { vacancy_id: number; status_id: number };
  /** Called with the new applicant's id instead of opening the card. */
  onCreated?: (id: number) => void;
};

export function CreateApplicantForm({ onCancel, placement, onCreated }: CreateApplicantFormProps) {
  const navigate = useNavigate();
  const create = useCreateApplicant();
  const sources = useAccountSources();
  const recruiters = useRecruiters();
  const { register, control, handleSubmit, setError, getValues, reset, trigger, formState } =
    useForm({
      resolver: zodResolver(ZCreateApplicantForm),
      defaultValues: EMPTY_CREATE_FORM,
    });
  const { errors, isSubmitting } = formState;
  const similar = useSimilarToForm(control);
  // The résumé the form was filled from: what the form has no inputs for, the text the parser
  // could not place (the recruiter may edit it), and the file to put on the new card.
  const [resume, setResume] = useState<{
    file: File;
    extras: ResumeExtras;
    unidentified: string;
  } | null>(null);

  const fillFromResume = (draft: TResumeDraft, file: File) => {
    reset({ ...getValues(), ...formValuesOfDraft(draft) });
    setResume({ file, extras: extrasOfDraft(draft), unidentified: draft.unidentified_info ?? '' });
  };

  const onSubmit = handleSubmit(async (form) => {
    const filled = resume
      ? {
          ...form,
          ...resume.extras,
          unidentified_info: nullIfBlank(resume.unidentified),
          source: 'resume' as const,
        }
      : form;
    const body = placement ? { ...filled, ...placement } : filled;
    const result = await create.mutateAsync({ body, tags: getValues('tags') });
    if (result.ok) {
      const { id, doubles = [] } = result.data;
      // A failed attach shows its own toast; the applicant exists either way.
      if (resume) await attachResumeFile(id, resume.file);
      if (onCreated) onCreated(id);
      else await navigate(`/applicant/${id}`);
      const [best] = doubles;
      if (best) {
        notify.action(
          `Похоже, кандидат уже был в базе: ${doubles.length === 1 ? 'найден 1 похожий' : `похожих — ${doubles.length}`}`,
          'Сравнить',
          () => void navigate(`/applicant/double?first=${best.applicant.id}&second=${id}`),
          `created-doubles-${id}`,
        );
      }
      return;
    }
    applyServerErrors(setError, result.errors, CREATE_FORM_FIELDS);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <ResumeDropZone onParsed={fillFromResume} fileName={resume?.file.name ?? null} />
      <Controller
        control={control}
        name="photo"
        render={({ field, fieldState }) => (
          <PhotoInput
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Фамилия" error={errors.last_name?.message}>
          {(c) => <TextInput autoComplete="off" {...c} {...register('last_name')} />}
        </Field>
        <Field label="Имя" error={errors.first_name?.message}>
          {(c) => <TextInput autoComplete="off" {...c} {...register('first_name')} />}
        </Field>
        <Field label="Отчество" error={errors.middle_name?.message}>
          {(c) => <TextInput autoComplete="off" {...c} {...register('middle_name')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Должность" error={errors.position?.message}>
          {(c) => <TextInput {...c} {...register('position')} />}
        </Field>
        <Field label="Компания" error={errors.company?.message}>
          {(c) => <TextInput {...c} {...register('company')} />}
        </Field>
        <Field label="Город" error={errors.city?.message}>
          {(c) => <TextInput {...c} {...register('city')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Телефон" error={errors.phone?.message}>
          {(c) => <TextInput type="tel" {...c} {...register('phone')} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(c) => <TextInput type="email" {...c} {...register('email')} />}
        </Field>
        <Field label="Telegram" hint="@ник или ссылка t.me" error={errors.tg?.message}>
          {(c) => <TextInput {...c} {...register('tg')} />}
        </Field>
      </div>
      <Field
        label="Ссылка на резюме"
        hint="Например, hh.ru/resume/… или https://…"
        error={errors.resume_url?.message}
      >
        {(c) => (
          <TextInput
            type="url"
            inputMode="url"
            autoComplete="off"
            {...c}
            // SPEC.md §5 URL check: said as soon as the recruiter leaves the box, not only on submit.
            {...register('resume_url', { onBlur: () => void trigger('resume_url') })}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Зарплата" error={errors.money?.message}>
          {(c) => <TextInput inputMode="numeric" {...c} {...register('money')} />}
        </Field>
        <Field label="Валюта" error={errors.currency?.message}>
          {(c) => (
            <Select {...c} {...register('currency')}>
              <CurrencyOptions />
            </Select>
          )}
        </Field>
        <Field label="Дата рождения" error={errors.birthday?.message}>
          {(c) => <DateInput {...c} {...register('birthday')} />}
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Источник" error={errors.account_source_id?.message}>
          {(c) => (
            <Select {...c} {...register('account_source_id')}>
              <option value="">Не указан</option>
              {sources.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Ответственный рекрутер" error={errors.admin_user_id?.message}>
          {(c) => (
            <Select {...c} {...register('admin_user_id')}>
              <option value="">Не назначен</option>
              {recruiters.data?.map((user) => (
                <option key={user.id} value={user.id}>
                  {personDisplayName(user)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
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
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium text-zinc-800">Теги</span>
            <TagPicker value={field.value} onChange={field.onChange} />
          </div>
        )}
      />
      {resume && (
        <ResumeLeftovers
          summary={extrasSummary(resume.extras)}
          unidentified={resume.unidentified}
          onChange={(unidentified) => setResume({ ...resume, unidentified })}
        />
      )}
      <Field label="Комментарий" error={errors.comment?.message}>
        {(c) => <Textarea rows={3} {...c} {...register('comment')} />}
      </Field>
      <SimilarApplicantsPanel matches={similar} />
      <div className="flex justify-end gap-2 border-t border-zinc-100 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" loading={isSubmitting}>
          {similar.length > 0 ? 'Всё равно создать' : 'Создать кандидата'}
        </Button>
      </div>
    </form>
  );
}
