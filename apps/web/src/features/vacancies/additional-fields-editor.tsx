import { PlusIcon, TrashIcon } from '@heroicons/react/20/solid';
import {
  useFieldArray,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { Button } from '@ats/ui/button';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { Textarea } from '@ats/ui/textarea';
import { TextInput } from '../../shared/inputs/text-input';
import type { VacancyFormValues } from './vacancy-form-schema';

const TYPE_LABELS = { string: 'Строка', text: 'Текст', number: 'Число' } as const;

type Props = {
  control: Control<VacancyFormValues, unknown, unknown>;
  register: UseFormRegister<VacancyFormValues>;
  errors: FieldErrors<VacancyFormValues>['additional_fields_list'];
};

/** Custom fields of a vacancy (`additional_fields_list`): rows of type, name and value. */
export function AdditionalFieldsEditor({ control, register, errors }: Props) {
  const { fields, append, remove } = useFieldArray({ control, name: 'additional_fields_list' });
  const rows = useWatch({ control, name: 'additional_fields_list' });
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-zinc-800">Дополнительные поля</legend>
      {fields.length === 0 && (
        <p className="text-sm text-zinc-500">Свои поля вакансии: грейд, проект, бюджет…</p>
      )}
      {fields.map((row, index) => {
        const rowErrors = errors?.[index];
        const type = rows?.[index]?.type ?? row.type;
        return (
          <div
            key={row.id}
            role="group"
            aria-label={`Дополнительное поле ${index + 1}`}
            className="grid items-start gap-2 rounded-lg bg-zinc-50 p-3 sm:grid-cols-[8rem_1fr_1.5fr_auto]"
          >
            <Field label="Тип" error={rowErrors?.type?.message}>
              {(c) => (
                <Select {...c} {...register(`additional_fields_list.${index}.type`)}>
                  {Object.entries(TYPE_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Название поля" error={rowErrors?.name?.message}>
              {(c) => <TextInput {...c} {...register(`additional_fields_list.${index}.name`)} />}
            </Field>
            <Field label="Значение" error={rowErrors?.value?.message}>
              {(c) =>
                type === 'text' ? (
                  <Textarea
                    rows={2}
                    {...c}
                    {...register(`additional_fields_list.${index}.value`)}
                  />
                ) : (
                  <TextInput
                    inputMode={type === 'number' ? 'decimal' : undefined}
                    {...c}
                    {...register(`additional_fields_list.${index}.value`)}
                  />
                )
              }
            </Field>
            <Button
              variant="ghost"
              size="sm"
              className="mt-7"
              aria-label={`Удалить поле ${index + 1}`}
              onClick={() => remove(index)}
            >
              <TrashIcon className="size-4" />
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ type: 'string', name: '', value: '' })}
        >
          <PlusIcon className="size-4" />
          Добавить поле
        </Button>
      </div>
    </fieldset>
  );
}
