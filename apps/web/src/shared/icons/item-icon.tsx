import { cx } from '@ats/ui/class-names';
import { ICONS, isIconName } from './icon-list';

type Props = {
  /** The item's icon as the API answers it; nothing is drawn for null or a name not in the list. */
  name: string | null | undefined;
  className?: string;
};

/**
 * The icon a user picked for a tag, stage, source or division, drawn beside its name. It is
 * decoration: the name next to it says what it is, so screen readers skip it.
 */
export function ItemIcon({ name, className }: Props) {
  if (!name || !isIconName(name)) return null;
  const Icon = ICONS[name];
  return <Icon className={cx('size-4 shrink-0', className)} aria-hidden="true" data-icon={name} />;
}
