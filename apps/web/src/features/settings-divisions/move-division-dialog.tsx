import { useId, useState } from 'react';
import type { TDivision } from '@ats/contracts/divisions';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { Select } from '@ats/ui/select';
import { moveTargets } from './division-tree';
import { useUpdateDivision } from './settings-divisions.queries';

const TOP = 'top';

/** «Переместить в…»: the keyboard's way to re-parent, the same move as a drag. */
export function MoveDivisionDialog({
  roots,
  division,
  onClose,
}: {
  roots: TDivision[];
  division: TDivision;
  onClose: () => void;
}) {
  const selectId = useId();
  const move = useUpdateDivision('Подразделение перемещено');
  const targets = moveTargets(roots, division);
  const [value, setValue] = useState(
    division.parent_id === null ? TOP : String(division.parent_id),
  );

  const onSubmit = async () => {
    const parentId = value === TOP ? null : Number(value);
    if (parentId === division.parent_id) return onClose();
    const result = await move.mutateAsync({ id: division.id, changes: { parent_id: parentId } });
    if (result.ok) onClose();
  };

  return (
    <Dialog open onClose={onClose} title={`Переместить «${division.name}»`}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <div className="flex flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-zinc-800">
            Куда
          </label>
          <Select id={selectId} value={value} onChange={(event) => setValue(event.target.value)}>
            <option value={TOP}>Верхний уровень</option>
            {targets.map(({ division: target, path }) => (
              <option key={target.id} value={target.id}>
                {path}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button type="submit" loading={move.isPending}>
            Переместить
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
