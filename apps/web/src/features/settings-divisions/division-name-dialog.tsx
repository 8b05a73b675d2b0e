import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ZCreateDivisionRequest } from '@ats/contracts/divisions';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { applyServerErrors } from '../../shared/form-errors';
import { TextInput } from '../../shared/inputs/text-input';
import { useCreateDivision, useUpdateDivision } from './settings-divisions.queries';

const ZForm = z.object({ name: ZCreateDivisionRequest.shape.name });
type FormValues = z.input<typeof ZForm>;

export type NameDialogTarget =
  | { mode: 'create'; parent: { id: number; name: string } | null }
  | { mode: 'rename'; division: { id: number; name: string } };

/** A new division (at the top or under a parent) or a new name for one. */
export function DivisionNameDialog({
  target,
  onClose,
}: {
  target: NameDialogTarget;
  onClose: () => void;
}) {
  const create = useCreateDivision();
  const rename = useUpdateDivision('Подразделение переименовано');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(ZForm),
    defaultValues: { name: target.mode === 'rename' ? target.division.name : '' },
  });

  const onSubmit = handleSubmit(async ({ name }) => {
    const result =
      target.mode === 'create'
        ? await create.mutateAsync({ name, parent_id: target.parent?.id ?? null })
        : await rename.mutateAsync({ id: target.division.id, changes: { name } });
    if (result.ok) onClose();
    else applyServerErrors(setError, result.errors, ['name']);
  });

  const title =
    target.mode === 'rename'
      ? 'Переименовать подразделение'
      : target.parent
        ? `Новое подразделение в «${target.parent.name}»`
        : 'Новое подразделение';

  return (
    <Dialog open onClose={onClose} title={title}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label="Название" required error={errors.name?.message}>
          {(c) => <TextInput {...c} {...register('name')} />}
        </Field>
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
