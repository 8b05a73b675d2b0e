import { ArrowDownIcon, ArrowUpIcon } from '@heroicons/react/24/outline';
import { iconButton } from '@ats/ui/button';
import { moveId } from './ordered-list';

type Props = {
  /** What the row is called, for the buttons' names («Поднять «hh.ru»»). */
  name: string;
  ids: number[];
  index: number;
  disabled: boolean;
  /** The new order of ids. */
  onMove: (ids: number[]) => void;
};

/** «Выше» / «Ниже» of a row in an ordered settings list, by keyboard or mouse. */
export function MoveButtons({ name, ids, index, disabled, onMove }: Props) {
  return (
    <>
      <button
        type="button"
        className={iconButton}
        aria-label={`Поднять «${name}»`}
        title="Выше"
        disabled={index === 0 || disabled}
        onClick={() => onMove(moveId(ids, index, -1))}
      >
        <ArrowUpIcon className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={`Опустить «${name}»`}
        title="Ниже"
        disabled={index === ids.length - 1 || disabled}
        onClick={() => onMove(moveId(ids, index, 1))}
      >
        <ArrowDownIcon className="size-4" aria-hidden="true" />
      </button>
    </>
  );
}
