import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateDivisionRequest } from '@ats/contracts/divisions';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { applyServerErrors } from '../../shared/form-errors';
import { IconField } from '../../shared/icons/icon-field';
import { iconOrNull } from '../../shared/icons/icon-list';
import { TextInput } from '../../shared/inputs/text-input';
import { useCreateDivision, useUpdateDivision } from './settings-divisions.queries';

const ZForm = z.object({
  name: ZCreateDivisionRequest.shape.name,
  icon: ZCreateDivisionRequest.shape.icon,
});
type FormValues = z.input<typeof ZForm>;

export type NameDialogTarget =
  | { mode: 'create'; parent: { id: number; name: string } | null }
  | { mode: 'rename'; division: { id: number; name: string; icon?: string | null | undefined } };

/** A new division (at the top or under a parent), or a new name or icon for one. */
export function DivisionNameDialog({
  target,
  onClose,
}: {
  target: NameDialogTarget;
  onClose: () => void;
}) {
  const create = useCreateDivision();
  const rename = useUpdateDivision('Подразделение сохранено');
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues:
      target.mode === 'rename'
        ? { name: target.division.name, icon: iconOrNull(target.division.icon) }
        : { name: '', icon: null },
  });

  const onSubmit = handleSubmit(async ({ name, icon }) => {
    const result =
      target.mode === 'create'
        ? await create.mutateAsync({
            name,
            parent_id: target.parent?.id ?? null,
            icon: icon ?? null,
          })
        : await rename.mutateAsync({
            id: target.division.id,
            changes: { name, icon: icon ?? null },
          });
    if (result.ok) onClose();
    else applyServerErrors(setError, result.errors, ['name', 'icon']);
  });

  const title =
    target.mode === 'rename'
      ? 'Изменить подразделение'
      : target.parent
        ? `Новое подразделение в «${target.parent.name}»`
        : 'Новое подразделение';

  return (
    <Dialog open onClose={onClose} title={title}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Название" required error={errors.name?.message}>
          {(c) => <TextInput {...c} {...register('name')} />}
        </Field>
        <Controller
          control={control}
          name="icon"
          render={({ field }) => (
            <IconField
              label="Иконка подразделения"
              value={field.value}
              onChange={field.onChange}
              error={errors.icon?.message}
            />
          )}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {target.mode === 'rename' ? 'Сохранить' : 'Добавить'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
