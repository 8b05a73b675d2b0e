import type { ReactNode } from 'react';
import type { TTag } from '@ats/contracts/tags';
import { cx } from '@ats/ui/class-names';
import { ItemIcon } from '../icons/item-icon';

/** Dark text on light colours and white text on dark ones, by perceived brightness. */
export function readableTextColor(hex: string): string {
  const value = hex.replace('#', '');
  if (!/^[0-9a-f]{6}$/i.test(value)) return '#18181b';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [
    number,
    number,
    number,
  ];
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? '#18181b' : '#ffffff';
}

type Props = {
  tag: Pick<TTag, 'name' | 'color'> & { icon?: string | null | undefined };
  className?: string;
  children?: ReactNode;
};

export function TagChip({ tag, className, children }: Props) {
  const color = tag.color || '#E4E4E7';
  return (
    <span
      className={cx(
        'inline-flex max-w-40 items-center gap-1 truncate rounded-full px-2 py-0.5 text-xs font-medium',
        className,
      )}
      style={{ backgroundColor: color, color: readableTextColor(color) }}
      title={tag.name}
    >
      <ItemIcon name={tag.icon} className="size-3.5" />
      <span className="truncate">{tag.name}</span>
      {children}
    </span>
  );
}
