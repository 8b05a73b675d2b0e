import { zodResolver } from '@hookform/resolvers/zod';
import { PaperClipIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Path, type Resolver } from 'react-hook-form';
import type { TDivision } from '@ats/contracts/divisions';
import type { TRequest, TRequestTemplate } from '@ats/contracts/vacancy-applications';
import { Button, iconButton } from '@ats/ui/button';
import { Field, type FieldControlProps } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import type { ApiResult } from '../../shared/api-client';
import { CurrencyOptions } from '../../shared/inputs/currency-options';
import { DateInput } from '../../shared/inputs/date-input';
import { TextInput } from '../../shared/inputs/text-input';
import { RichTextEditor } from '../../shared/rich-text/rich-text-editor';
import {
  readAsDataUrl,
  REQUEST_FORM_FIELDS,
  requestFormSchema,
  RICH_TEXT_SECTIONS,
  type CustomValue,
  type PickedFile,
  type RequestFormValues,
} from './request-form-values';
import type { TCreateRequest } from '@ats/contracts/vacancy-applications';

type TemplateField = TRequestTemplate['fields'][number];
export type RequestIntent = 'draft' | 'submit';

const PRIORITY_OPTIONS = Array.from({ length: 11 }, (_, n) => ({
  value: n,
  label: n === 0 ? 'Обычный' : n === 10 ? '10 — наивысший' : String(n),
}));

function flattenDivisions(tree: TDivision[], depth = 0): { id: number; label: string }[] {
  return tree.flatMap((division) => [
    {
      id: division.id,
      label: `${'\u00a0\u00a0'.repeat(depth)}${depth ? '└ ' : ''}${division.name}`,
    },
    ...flattenDivisions(division.children, depth + 1),
  ]);
}

type Props = {
  values: RequestFormValues;
  templates: TRequestTemplate[];
  /** A new request picks its template; a stored one keeps the one it was made from. */
  canPickTemplate: boolean;
  divisions: TDivision[];
  /** The files the request already has (editing). */
  storedFiles: TRequest['files'];
  draftLabel: string;
  onCancel: () => void;
  /** Gets the checked request; a failed answer's field errors are shown under their inputs. */
  onSave: (request: TCreateRequest, intent: RequestIntent) => Promise<ApiResult<unknown>>;
};

/** A hiring request: the standard fields of huntlee-api.md §6.4 and the template's own. */
export function RequestForm({
  values,
  templates,
  canPickTemplate,
  divisions,
  storedFiles,
  draftLabel,
  onCancel,
  onSave,
}: Props) {
  const [formError, setFormError] = useState<string | null>(null);
  const templateOf = (id: string) => templates.find((t) => String(t.id) === id) ?? null;
  // The check follows the template picked: its required fields, numbers and dates.
  const resolver: Resolver<RequestFormValues, unknown, TCreateRequest> = (data, context, options) =>
    zodResolver(requestFormSchema(templateOf(data.template_id)?.fields ?? []))(
      data,
      context,
      options,
    );
  const { register, control, handleSubmit, setError, formState } = useForm<
    RequestFormValues,
    unknown,
    TCreateRequest
  >({ resolver, defaultValues: values });
  const { errors, isSubmitting } = formState;
  const templateId = useWatch({ control, name: 'template_id' });
  const template = templateOf(templateId);

  const send = (as: RequestIntent) =>
    handleSubmit(async (request) => {
      setFormError(null);
      const result = await onSave(request, as);
      if (result.ok) return;
      let placed = false;
      for (const [key, message] of Object.entries(result.errors ?? {})) {
        const [top, second] = key.split('.');
        const path =
          top === 'template_values' && second
            ? `template_values.${second}`
            : top && REQUEST_FORM_FIELDS.includes(top)
              ? top
              : null;
        if (path) {
          setError(path as Path<RequestFormValues>, { type: 'server', message });
          placed = true;
        }
      }
      if (!placed) setFormError(result.message);
    })();

  const fieldError = (key: string) =>
    (errors.template_values as Record<string, { message?: string } | undefined> | undefined)?.[key]
      ?.message;

  return (
    <form
      noValidate
      aria-label="Заявка на подбор"
      onSubmit={(event) => {
        event.preventDefault();
        void send('draft');
      }}
      className="flex flex-col gap-5"
    >
      {canPickTemplate && templates.length > 1 && (
        <Field label="Шаблон заявки" error={errors.template_id?.message}>
          {(c) => (
            <Select {...c} {...register('template_id')}>
              {templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {template?.description && <p className="text-sm text-zinc-600">{template.description}</p>}

      <Field label="Должность" required error={errors.position?.message}>
        {(c) => <TextInput autoComplete="off" {...c} {...register('position')} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Сколько нужно нанять" error={errors.needed?.message}>
          {(c) => <TextInput inputMode="numeric" {...c} {...register('needed')} />}
        </Field>
        <Field label="Закрыть до" error={errors.date_will_close?.message}>
          {(c) => <DateInput {...c} {...register('date_will_close')} />}
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
      </div>

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

      <Field label="Подразделение" error={errors.account_division_id?.message}>
        {(c) => (
          <Select {...c} {...register('account_division_id')}>
            <option value="">Без подразделения</option>
            {flattenDivisions(divisions).map((division) => (
              <option key={division.id} value={division.id}>
                {division.label}
              </option>
            ))}
          </Select>
        )}
      </Field>

      {template && template.fields.length > 0 && (
        <fieldset className="flex flex-col gap-4 rounded-lg border border-zinc-200 p-4">
          <legend className="px-1 text-sm font-semibold text-zinc-900">{template.name}</legend>
          {template.fields.map((field) => (
            <CustomField
              key={`${template.id}-${field.key}`}
              field={field}
              error={fieldError(field.key)}
              storedFiles={storedFiles}
              control={control}
              register={register}
            />
          ))}
        </fieldset>
      )}

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

      <Controller
        control={control}
        name="files"
        render={({ field, fieldState }) => (
          <Field label="Файлы" error={fieldState.error?.message} hint="До 10 МБ каждый">
            {(c) => (
              <div className="flex flex-col gap-2">
                <input
                  {...fileControl(c)}
                  type="file"
                  multiple
                  className="text-sm"
                  onChange={async (event) => {
                    const input = event.currentTarget;
                    const picked = await Promise.all(
                      [...(input.files ?? [])].map((file) => readAsDataUrl(file)),
                    );
                    input.value = '';
                    field.onChange([...field.value, ...picked]);
                  }}
                />
                <FileList
                  names={[
                    ...storedFiles.filter((f) => f.field_key === null).map((f) => f.file_name),
                  ]}
                />
                <ul className="flex flex-col gap-1">
                  {field.value.map((file, index) => (
                    <PickedFileRow
                      key={`${file.file_name}-${index}`}
                      file={file}
                      onRemove={() => field.onChange(field.value.filter((_, i) => i !== index))}
                    />
                  ))}
                </ul>
              </div>
            )}
          </Field>
        )}
      />

      {formError && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
          {formError}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-100 pt-4">
        <Button variant="ghost" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" variant="secondary" disabled={isSubmitting}>
          {draftLabel}
        </Button>
        <Button loading={isSubmitting} onClick={() => void send('submit')}>
          Отправить на согласование
        </Button>
      </div>
    </form>
  );
}

/** The field's wiring for a native file input (which takes no `invalid` prop). */
const fileControl = ({ invalid: _invalid, ...control }: FieldControlProps) => control;

function FileList({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <ul aria-label="Приложенные файлы" className="flex flex-col gap-1 text-sm text-zinc-700">
      {names.map((name, index) => (
        <li key={`${name}-${index}`} className="flex items-center gap-1.5">
          <PaperClipIcon className="size-4 text-zinc-400" aria-hidden="true" />
          {name}
        </li>
      ))}
    </ul>
  );
}

function PickedFileRow({ file, onRemove }: { file: PickedFile; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-1.5 text-sm text-zinc-700">
      <PaperClipIcon className="size-4 text-zinc-400" aria-hidden="true" />
      {file.file_name}
      <button
        type="button"
        className={iconButton}
        aria-label={`Убрать файл «${file.file_name}»`}
        onClick={onRemove}
      >
        <XMarkIcon className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

type FormControl = ReturnType<typeof useForm<RequestFormValues, unknown, TCreateRequest>>;

/** One of the template's own fields, drawn by its type. */
function CustomField({
  field,
  error,
  storedFiles,
  control,
  register,
}: {
  field: TemplateField;
  error: string | undefined;
  storedFiles: TRequest['files'];
  control: FormControl['control'];
  register: FormControl['register'];
}) {
  const name = `template_values.${field.key}` as Path<RequestFormValues>;
  const common = { label: field.name, required: field.required, error };
  if (field.type === 'file') {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field: input }) => {
          const value = input.value as CustomValue;
          const stored =
            typeof value === 'number' ? storedFiles.find((f) => f.id === value) : undefined;
          const shownName =
            value && typeof value === 'object'
              ? value.file_name
              : typeof value === 'number'
                ? (stored?.file_name ?? 'Файл приложен')
                : null;
          return (
            <Field {...common}>
              {(c) => (
                <div className="flex flex-col gap-1.5">
                  <input
                    {...fileControl(c)}
                    type="file"
                    className="text-sm"
                    onChange={async (event) => {
                      const input_ = event.currentTarget;
                      const file = input_.files?.[0];
                      input_.value = '';
                      if (file) input.onChange(await readAsDataUrl(file));
                    }}
                  />
                  {shownName && (
                    <p className="flex items-center gap-1.5 text-sm text-zinc-700">
                      <PaperClipIcon className="size-4 text-zinc-400" aria-hidden="true" />
                      {shownName}
                      <button
                        type="button"
                        className={iconButton}
                        aria-label={`Убрать файл «${shownName}»`}
                        onClick={() => input.onChange(null)}
                      >
                        <XMarkIcon className="size-4" aria-hidden="true" />
                      </button>
                    </p>
                  )}
                </div>
              )}
            </Field>
          );
        }}
      />
    );
  }
  if (field.type === 'choice') {
    return (
      <Field {...common}>
        {(c) => (
          <Select {...c} {...register(name)}>
            <option value="">Не выбрано</option>
            {field.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        )}
      </Field>
    );
  }
  if (field.type === 'date') {
    return <Field {...common}>{(c) => <DateInput {...c} {...register(name)} />}</Field>;
  }
  return (
    <Field {...common}>
      {(c) => (
        <TextInput
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          {...c}
          {...register(name)}
        />
      )}
    </Field>
  );
}
