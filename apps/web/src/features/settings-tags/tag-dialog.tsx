import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { CheckIcon } from '@heroicons/react/20/solid';
import { ZCreateTagRequest, ZTagColor, type TTag } from '@ats/contracts/tags';
import { Button } from '@ats/ui/button';
import { cx } from '@ats/ui/class-names';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../../shared/form-errors';
import { IconField } from '../../shared/icons/icon-field';
import { iconOrNull } from '../../shared/icons/icon-list';
import { TextInput } from '../../shared/inputs/text-input';
import { useSaveTag } from './settings-tags.queries';
import { DEFAULT_TAG_COLOR, TAG_PALETTE, normalizeHex } from './tag-palette';

const ZForm = ZCreateTagRequest.extend({
  color: ZTagColor,
  description: z.string().trim().max(1000, { error: 'Не длиннее 1000 символов' }),
});
type FormInput = z.input<typeof ZForm>;
type FormOutput = z.output<typeof ZForm>;
const FIELDS = ['name', 'color', 'description', 'icon'] as const;

/** A new tag, or an existing one to change: name, colour (palette or hex), icon and description. */
export function TagDialog({ tag, onClose }: { tag: TTag | null; onClose: () => void }) {
  const save = useSaveTag(tag?.id ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: tag?.name ?? '',
      color: tag?.color ?? DEFAULT_TAG_COLOR,
      description: tag?.description ?? '',
      icon: iconOrNull(tag?.icon),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await save.mutateAsync({
      ...values,
      description: values.description || null,
      icon: values.icon ?? null,
    });
    if (result.ok) onClose();
    else applyServerErrors(setError, result.errors, FIELDS);
  });

  return (
    <Dialog open onClose={onClose} title={tag ? 'Изменить тег' : 'Новый тег'}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Название" required error={errors.name?.message}>
          {(c) => <TextInput {...c} {...register('name')} />}
        </Field>
        <Controller
          control={control}
          name="color"
          render={({ field }) => {
            const current = normalizeHex(field.value);
            return (
              <div className="flex flex-col gap-2">
                <div role="radiogroup" aria-label="Цвет тега" className="flex flex-wrap gap-2">
                  {TAG_PALETTE.map(({ color, name }) => {
                    const checked = current === color;
                    return (
                      <button
                        key={color}
                        type="button"
                        role="radio"
                        aria-checked={checked}
                        aria-label={name}
                        title={name}
                        onClick={() => field.onChange(color)}
                        className={cx(
                          'flex size-8 items-center justify-center rounded-full ring-offset-2',
                          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600',
                          checked && 'ring-2 ring-zinc-900',
                        )}
                        style={{ backgroundColor: color }}
                      >
                        {checked && <CheckIcon className="size-4 text-white" aria-hidden="true" />}
                      </button>
                    );
                  })}
                </div>
                <Field label="Цвет (HEX)" error={errors.color?.message}>
                  {(c) => (
                    <div className="flex items-center gap-2">
                      <span
                        aria-hidden="true"
                        className="size-10 shrink-0 rounded-lg ring-1 ring-zinc-200"
                        style={{ backgroundColor: current ?? '#FFFFFF' }}
                      />
                      <Input
                        {...c}
                        value={field.value}
                        onChange={(event) => field.onChange(event.target.value)}
                        onBlur={field.onBlur}
                        maxLength={7}
                        placeholder="#6366F1"
                        className="font-mono"
                      />
                    </div>
                  )}
                </Field>
              </div>
            );
          }}
        />
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <IconField
              label="Иконка тега"
              value={field.value}
              onChange={field.onChange}
              error={errors.icon?.message}
            />
          )}
        />
        <Field label="Описание" error={errors.description?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('description')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {tag ? 'Сохранить' : 'Создать'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
