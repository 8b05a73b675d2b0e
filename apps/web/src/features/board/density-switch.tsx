import { useState } from 'react';
import { cx } from '@ats/ui/class-names';
import type { CardDensity } from './board-card';

const STORAGE_KEY = 'board.cardDensity';
const OPTIONS: Array<{ value: CardDensity; label: string; title: string }> = [
  { value: 'S', label: 'S', title: 'Компактные карточки: только имя' },
  { value: 'M', label: 'M', title: 'Обычные карточки: фото, имя, должность' },
  { value: 'L', label: 'L', title: 'Подробные карточки: с тегами' },
];

const isDensity = (value: unknown): value is CardDensity =>
  value === 'S' || value === 'M' || value === 'L';

/** The card size, remembered in this browser. */
export function useCardDensity() {
  const [density, setDensity] = useState<CardDensity>(() => {
    try {
      const saved = localStorage.getItem(STORAGE_KEY);
      return isDensity(saved) ? saved : 'L';
    } catch {
      return 'L';
    }
  });
  const change = (value: CardDensity) => {
    setDensity(value);
    try {
      localStorage.setItem(STORAGE_KEY, value);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  return [density, change] as const;
}

type Props = { value: CardDensity; onChange: (value: CardDensity) => void };

export function DensitySwitch({ value, onChange }: Props) {
  return (
    <div
      role="radiogroup"
      aria-label="Размер карточек"
      className="flex rounded-lg ring-1 ring-zinc-300"
    >
      {OPTIONS.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          title={option.title}
          onClick={() => onChange(option.value)}
          className={cx(
            'h-8 w-9 text-sm font-medium first:rounded-l-lg last:rounded-r-lg',
            value === option.value
              ? 'bg-indigo-600 text-white'
              : 'bg-white text-zinc-700 hover:bg-zinc-50',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
