import { zodResolver } from '@hookform/resolvers/zod';
import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import {
  MAIL_TEMPLATE_ACTION_LABELS,
  MAIL_TEMPLATE_ACTION_TYPES,
  ZCreateMailTemplateRequest,
  type TMailTemplate,
} from '@ats/contracts/mail-templates';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { applyServerErrors } from '../../shared/form-errors';
import { TextInput } from '../../shared/inputs/text-input';
import { RichTextEditor } from '../../shared/rich-text/rich-text-editor';
import type { PickedApplicant } from './applicant-picker';
import { LetterPreview } from './letter-preview';
import { useSaveMailTemplate } from './mail-templates.queries';
import { TemplateVariablesMenu } from './template-variables-menu';

const ZForm = ZCreateMailTemplateRequest.extend({ description: z.string() });
type FormValues = z.input<typeof ZForm>;
const FIELDS = ['name', 'title', 'action_type', 'description', 'is_shared'] as const;

/** TipTap keeps its editor on the editable element (`dom.editor`); we reach it by the field id. */
function editorById(id: string): Editor | null {
  const dom = document.getElementById(id) as (HTMLElement & { editor?: Editor }) | null;
  return dom?.editor ?? null;
}

type Props = {
  /** The template to edit; null creates one. */
  template: TMailTemplate | null;
  /** Whether the caller may make templates shared (admin or can_manage_template_mail). */
  canShare: boolean;
  onClose: () => void;
};

export function MailTemplateDialog({ template, canShare, onClose }: Props) {
  const bodyId = useId();
  const [applicant, setApplicant] = useState<PickedApplicant | null>(null);
  const savedId = template?.id ?? null;
  const save = useSaveMailTemplate(savedId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: template?.name ?? '',
      title: template?.title ?? '',
      action_type: template?.action_type ?? 'mail',
      description: template?.description ?? '',
      is_shared: template?.is_shared ?? canShare,
    },
  });

  const title = useWatch({ control, name: 'title' });
  const description = useWatch({ control, name: 'description' });

  const insertVariable = (variable: string) => {
    const editor = editorById(bodyId);
    if (editor) {
      editor.chain().focus().insertContent(variable).run();
    } else {
      setValue('description', `${getValues('description')}<p>${variable}</p>`, {
        shouldDirty: true,
      });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const result = await save.mutateAsync(ZForm.parse(values));
    if (!result.ok) {
      applyServerErrors(setError, result.errors, FIELDS);
      return;
    }
    // Saved means done: the dialog closes on the list, which shows the template. Its PDF and DOCX
    // are downloaded from the same dialog, opened again on the template.
    onClose();
  });

  return (
    <Dialog
      open
      onClose={onClose}
      title={savedId === null ? 'Новый шаблон письма' : 'Шаблон письма'}
      className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-5xl"
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <Field label="Название" required error={errors.name?.message}>
            {(control) => <TextInput {...control} {...register('name')} />}
          </Field>
          <Field label="Тема письма" error={errors.title?.message}>
            {(control) => <TextInput {...control} {...register('title')} />}
          </Field>
          <Field label="Тип" error={errors.action_type?.message}>
            {(control) => (
              <Select {...control} {...register('action_type')}>
                {MAIL_TEMPLATE_ACTION_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {MAIL_TEMPLATE_ACTION_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex flex-col gap-1.5">
            <div className="flex items-center justify-between gap-2">
              <label htmlFor={bodyId} className="text-sm font-medium text-zinc-800">
                Текст письма
              </label>
              <TemplateVariablesMenu onInsert={insertVariable} />
            </div>
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => (
                <RichTextEditor
                  id={bodyId}
                  label="Текст письма"
                  value={field.value}
                  onChange={field.onChange}
                  invalid={Boolean(fieldState.error)}
                />
              )}
            />
            {errors.description?.message && (
              <p role="alert" className="text-xs text-red-600">
                {errors.description.message}
              </p>
            )}
          </div>
          <label className="flex items-center gap-2 text-sm text-zinc-800">
            <input
              type="checkbox"
              className="size-4 rounded"
              disabled={!canShare}
              {...register('is_shared')}
            />
            Общий шаблон (виден всей команде)
          </label>
          {!canShare && (
            <p className="text-xs text-zinc-500">
              Общие шаблоны создают администраторы и рекрутеры с правом на шаблоны писем.
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose}>
              Закрыть
            </Button>
            <Button type="submit" loading={isSubmitting}>
              Сохранить
            </Button>
          </div>
        </form>
        <LetterPreview
          title={title ?? ''}
          description={description}
          applicant={applicant}
          onApplicant={setApplicant}
          templateId={savedId}
          dirty={isDirty}
        />
      </div>
    </Dialog>
  );
}
