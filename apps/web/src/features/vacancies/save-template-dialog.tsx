import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { TextInput } from '../../shared/inputs/text-input';
import { useSaveVacancyAsTemplate } from './vacancies.queries';

type Props = { vacancyId: number; position: string; open: boolean; onClose: () => void };

/** «Сохранить как шаблон»: the vacancy's fields and stages under a name of the user's choice. */
export function SaveTemplateDialog({ vacancyId, position, open, onClose }: Props) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Сохранить как шаблон"
      description="Поля, описание и этапы вакансии станут шаблоном для новых вакансий."
    >
      <SaveTemplateForm vacancyId={vacancyId} position={position} onClose={onClose} />
    </Dialog>
  );
}

function SaveTemplateForm({ vacancyId, position, onClose }: Omit<Props, 'open'>) {
  const save = useSaveVacancyAsTemplate(vacancyId);
  const [name, setName] = useState(position);
  const [error, setError] = useState<string | undefined>();
  const [savedId, setSavedId] = useState<number | null>(null);

  if (savedId !== null) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-zinc-700">Шаблон «{name.trim()}» сохранён.</p>
        <div className="flex justify-end gap-2">
          <Link
            to={`/vacancy/template/${savedId}`}
            className="inline-flex h-10 items-center rounded-lg px-4 text-sm font-medium text-indigo-600 hover:bg-indigo-50"
          >
            Открыть шаблон
          </Link>
          <Button onClick={onClose}>Готово</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!name.trim()) {
          setError('Укажите название шаблона');
          return;
        }
        const result = await save.mutateAsync(name.trim());
        if (result.ok) setSavedId(result.data.id);
        else setError(result.errors?.name ?? undefined);
      }}
    >
      <Field label="Название шаблона" required error={error}>
        {(c) => (
          <TextInput
            {...c}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button type="submit" loading={save.isPending}>
          Сохранить шаблон
        </Button>
      </div>
    </form>
  );
}
