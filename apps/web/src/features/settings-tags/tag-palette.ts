/** Colours offered for tags, each with the name a screen reader says. Any other hex works too. */
export const TAG_PALETTE = [
  { color: '#6366F1', name: 'Индиго' },
  { color: '#3B82F6', name: 'Синий' },
  { color: '#0EA5E9', name: 'Голубой' },
  { color: '#14B8A6', name: 'Бирюзовый' },
  { color: '#22C55E', name: 'Зелёный' },
  { color: '#84CC16', name: 'Салатовый' },
  { color: '#EAB308', name: 'Жёлтый' },
  { color: '#F97316', name: 'Оранжевый' },
  { color: '#EF4444', name: 'Красный' },
  { color: '#EC4899', name: 'Розовый' },
  { color: '#A855F7', name: 'Фиолетовый' },
  { color: '#71717A', name: 'Серый' },
] as const;

export const DEFAULT_TAG_COLOR = TAG_PALETTE[0].color;

/** '#rgb…' as the server stores it, or null while the text is not a colour yet. */
export function normalizeHex(value: string): string | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(value.trim());
  return match ? `#${match[1]!.toUpperCase()}` : null;
}
