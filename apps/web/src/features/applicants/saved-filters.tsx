import { BookmarkIcon, TrashIcon } from '@heroicons/react/24/outline';
import { useState, type FormEvent } from 'react';
import type { TApplicantListSort } from '@ats/contracts/applicant-list';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Field } from '@ats/ui/field';
import { Select } from '@ats/ui/select';
import { TextInput } from '../../shared/inputs/text-input';
import {
  useSavedFilterMutations,
  useSavedFilters,
} from '../../shared/applicant/applicant-references.queries';
import { filtersFromSaved } from './filter-draft';
import { compactFilters, type ApplicantFilters } from './list-query';

type Props = {
  filters: ApplicantFilters;
  search: string;
  sort: TApplicantListSort | undefined;
  onApply: (
    filters: ApplicantFilters,
    search: string,
    sort: TApplicantListSort | undefined,
  ) => void;
};

/** Filters, search and sort as one comparable value: blanks dropped, keys in a fixed order. */
function signatureOf(
  filters: ApplicantFilters,
  search: string,
  sort: TApplicantListSort | undefined,
): string {
  const compact: Record<string, unknown> = compactFilters(filters);
  const entries = Object.keys(compact)
    .sort()
    .map((key) => [key, compact[key]]);
  return JSON.stringify([entries, search.trim(), sort ?? null]);
}

/** Named filter sets: pick one to apply it, save the current one, delete the picked one. */
export function SavedFilters({ filters, search, sort, onApply }: Props) {
  const { data: saved = [] } = useSavedFilters();
  const { save, remove } = useSavedFilterMutations();
  const [selectedId, setSelectedId] = useState('');
  const [dialogOpen, setDialogOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const hasSomething = Object.keys(compactFilters(filters)).length > 0 || search.trim() !== '';
  // The picker names a set only while the list still shows it: once the filters change (a reset
  // too) it falls back to the placeholder, so picking the same set again applies it again.
  const picked = saved.find((item) => String(item.id) === selectedId);
  const pickedIsShown = (() => {
    if (!picked) return false;
    const { search: text = '', sort: savedSort, ...rest } = picked.filters;
    return (
      signatureOf(filtersFromSaved(rest), text, savedSort) === signatureOf(filters, search, sort)
    );
  })();
  const shownId = pickedIsShown ? selectedId : '';

  const apply = (id: string) => {
    setSelectedId(id);
    const set = saved.find((item) => String(item.id) === id);
    if (!set) return;
    const { search: text = '', sort: savedSort, ...rest } = set.filters;
    onApply(filtersFromSaved(rest), text, savedSort);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError('Назовите набор фильтров');
      return;
    }
    const payload = {
      ...compactFilters(filters),
      ...(search.trim() ? { search: search.trim() } : {}),
      ...(sort ? { sort } : {}),
    };
    const result = await save.mutateAsync({ name: name.trim(), filters: payload });
    if (result.ok) {
      setDialogOpen(false);
      setName('');
      setSelectedId(String(result.data.id));
    } else {
      setError(result.errors?.name ?? result.message);
    }
  };
  const deleteSelected = async () => {
    const result = await remove.mutateAsync(Number(shownId));
    if (result.ok) setSelectedId('');
  };

  return (
    <div className="flex items-center gap-1">
      <div className="w-52">
        <Select
          aria-label="Сохранённые фильтры"
          value={shownId}
          onChange={(e) => apply(e.target.value)}
        >
          <option value="">{saved.length ? 'Сохранённые фильтры' : 'Нет сохранённых'}</option>
          {saved.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name}
            </option>
          ))}
        </Select>
      </div>
      {shownId && (
        <Button
          variant="ghost"
          aria-label="Удалить выбранный набор фильтров"
          title="Удалить набор"
          loading={remove.isPending}
          onClick={deleteSelected}
        >
          <TrashIcon className="size-5" aria-hidden="true" />
        </Button>
      )}
      <Button
        variant="ghost"
        title="Сохранить текущие фильтры"
        aria-label="Сохранить текущие фильтры"
        disabled={!hasSomething}
        onClick={() => {
          setError(undefined);
          setDialogOpen(true);
        }}
      >
        <BookmarkIcon className="size-5" aria-hidden="true" />
      </Button>
      <Dialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        title="Сохранить фильтры"
        description="Набор появится в списке «Сохранённые фильтры»."
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field label="Название" required error={error}>
            {(c) => (
              <TextInput
                {...c}
                value={name}
                maxLength={100}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDialogOpen(false)}>
              Отмена
            </Button>
            <Button type="submit" loading={save.isPending}>
              Сохранить
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
