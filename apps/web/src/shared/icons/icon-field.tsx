import { useId, useState } from 'react';
import { Button } from '@ats/ui/button';
import { isIconName, type IconName } from './icon-list';
import { IconPicker } from './icon-picker';
import { ItemIcon } from './item-icon';

type Props = {
  value: string | null | undefined;
  onChange: (name: IconName | null) => void;
  /** What the icon labels, for the group's name: «Иконка тега». */
  label?: string;
  error?: string | undefined;
};

/**
 * A form's icon field: the current icon, a button that opens the grid of 98 to pick from (arrow
 * keys move inside it) and one that takes the icon off.
 */
export function IconField({ value, onChange, label = 'Иконка', error }: Props) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const current = value && isIconName(value) ? value : null;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <span id={`${id}-label`} className="text-sm font-medium text-zinc-900">
          {label}
        </span>
        <span
          className="flex size-9 items-center justify-center rounded-lg bg-zinc-100 text-zinc-700"
          aria-live="polite"
        >
          {current ? (
            <>
              <ItemIcon name={current} className="size-5" />
              <span className="sr-only">{`Выбрана иконка ${current}`}</span>
            </>
          ) : (
            <span className="text-xs text-zinc-500">нет</span>
          )}
        </span>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={open}
          aria-controls={`${id}-picker`}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? 'Скрыть иконки' : current ? 'Сменить иконку' : 'Выбрать иконку'}
        </Button>
        {current && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            Убрать иконку
          </Button>
        )}
      </div>
      {open && (
        <div id={`${id}-picker`}>
          <IconPicker value={current} onChange={onChange} label={label} />
        </div>
      )}
      {error && <p className="text-sm text-red-600">{error}</p>}
    </div>
  );
}
