import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateAccountSourceRequest, type TAccountSource } from '@ats/contracts/account-sources';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Textarea } from '@ats/ui/textarea';
import { applyServerErrors } from '../../shared/form-errors';
import { IconField } from '../../shared/icons/icon-field';
import { iconOrNull } from '../../shared/icons/icon-list';
import { TextInput } from '../../shared/inputs/text-input';
import { useSaveSource } from './settings-sources.queries';

const ZForm = z.object({
  name: ZCreateAccountSourceRequest.shape.name,
  abbr: z.string().trim().max(10, { error: 'Не длиннее 10 символов' }),
  description: z.string().trim().max(1000, { error: 'Не длиннее 1000 символов' }),
  is_active: z.boolean(),
  icon: ZCreateAccountSourceRequest.shape.icon,
});
type FormValues = z.input<typeof ZForm>;
const FIELDS = ['name', 'abbr', 'description', 'is_active', 'icon'] as const;

/** A new source or changes to one: name, short label, icon, description, whether it is offered. */
export function SourceDialog({
  source,
  onClose,
}: {
  source: TAccountSource | null;
  onClose: () => void;
}) {
  const save = useSaveSource(source?.id ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: {
      name: source?.name ?? '',
      abbr: source?.abbr ?? '',
      description: source?.description ?? '',
      is_active: source?.is_active ?? true,
      icon: iconOrNull(source?.icon),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    const result = await save.mutateAsync({
      name: values.name,
      abbr: values.abbr || null,
      description: values.description || null,
      is_active: values.is_active,
      icon: values.icon ?? null,
    });
    if (result.ok) onClose();
    else applyServerErrors(setError, result.errors, FIELDS);
  });

  return (
    <Dialog open onClose={onClose} title={source ? 'Изменить источник' : 'Новый источник'}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Название" required error={errors.name?.message}>
          {(c) => <TextInput {...c} {...register('name')} />}
        </Field>
        <Field
          label="Сокращение"
          hint="До 10 символов, например HH или ТГ"
          error={errors.abbr?.message}
        >
          {(c) => <TextInput {...c} maxLength={10} {...register('abbr')} />}
        </Field>
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <IconField
              label="Иконка источника"
              value={field.value}
              onChange={field.onChange}
              error={errors.icon?.message}
            />
          )}
        />
        <Field label="Описание" error={errors.description?.message}>
          {(c) => <Textarea {...c} rows={3} {...register('description')} />}
        </Field>
        <label className="flex items-center gap-2 text-sm text-zinc-800">
          <input
            type="checkbox"
            className="size-4 rounded border-zinc-300 text-indigo-600"
            {...register('is_active')}
          />
          Активен
        </label>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {source ? 'Сохранить' : 'Добавить'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
