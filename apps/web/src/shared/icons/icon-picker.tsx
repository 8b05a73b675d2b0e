import { useState } from 'react';
import { ICON_NAMES, ICONS, type IconName } from './icon-list';

export type IconPickerProps = {
  value: IconName | null;
  onChange: (name: IconName) => void;
  label?: string;
};

/** A grid of the 98 icons; arrow keys move between them like in a radio group. */
export function IconPicker({ value, onChange, label = 'Иконка' }: IconPickerProps) {
  const [query, setQuery] = useState('');
  const names = query
    ? ICON_NAMES.filter((n) => n.includes(query.trim().toLowerCase()))
    : ICON_NAMES;

  const moveFocus = (from: HTMLElement, step: number) => {
    const buttons = Array.from(
      from.parentElement?.querySelectorAll<HTMLButtonElement>('button[role="radio"]') ?? [],
    );
    const next = buttons[buttons.indexOf(from as HTMLButtonElement) + step];
    next?.focus();
  };

  return (
    <div className="flex flex-col gap-2">
      <input
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="Найти иконку"
        aria-label="Найти иконку"
        className="h-9 rounded-lg px-3 text-sm ring-1 ring-zinc-300 focus:outline-none focus:ring-2 focus:ring-indigo-600"
      />
      <div
        role="radiogroup"
        aria-label={label}
        className="grid max-h-40 grid-cols-7 gap-1 overflow-y-auto p-0.5 sm:grid-cols-10"
      >
        {names.map((name) => {
          const Icon = ICONS[name];
          const selected = name === value;
          return (
            <button
              key={name}
              type="button"
              role="radio"
              aria-checked={selected}
              aria-label={name}
              title={name}
              tabIndex={selected || (!value && name === names[0]) ? 0 : -1}
              onClick={() => onChange(name)}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowDown') {
                  e.preventDefault();
                  moveFocus(e.currentTarget, 1);
                } else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
                  e.preventDefault();
                  moveFocus(e.currentTarget, -1);
                }
              }}
              className={
                'flex size-9 items-center justify-center rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600 ' +
                (selected ? 'bg-indigo-600 text-white' : 'text-zinc-600 hover:bg-zinc-100')
              }
            >
              <Icon className="size-5" aria-hidden="true" />
            </button>
          );
        })}
      </div>
      {names.length === 0 && <p className="text-sm text-zinc-500">Ничего не найдено</p>}
    </div>
  );
}
