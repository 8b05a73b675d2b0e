import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import type { ApiResult } from '../api-client';
import { applyServerErrors } from '../form-errors';
import { TextInput } from '../inputs/text-input';

type Props = {
  title: string;
  label: string;
  initial: string;
  /** The contract's rule for the name, so the field says what the server would. */
  schema: z.ZodType<string, string>;
  onSave: (name: string) => Promise<ApiResult<unknown>>;
  onClose: () => void;
};

/** One name to enter or change, checked by the contract and then by the server. */
export function NameDialog({ title, label, initial, schema, onSave, onClose }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: schema })),
    defaultValues: { name: initial },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    const result = await onSave(name);
    if (result.ok) onClose();
    else applyServerErrors(setError, result.errors, ['name']);
  });
  return (
    <Dialog open onClose={onClose} title={title}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field label={label} required error={errors.name?.message}>
          {(c) => <TextInput {...c} {...register('name')} />}
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Сохранить
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
