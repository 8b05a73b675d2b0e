import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { ApplicantAvatar } from '../../shared/applicant/applicant-avatar';
import { applicantName, formatAge, formatSalary } from '../../shared/format/applicant-format';
import type { TApplicantListItem } from '@ats/contracts/applicant-list';
import { TagChip } from '../../shared/applicant/tag-chip';
import { ItemIcon } from '../../shared/icons/item-icon';

export const ROW_HEIGHT = 64;
/** On a phone the name has the row to itself (the salary joins the line under it). */
export const ROW_GRID =
  'grid grid-cols-[1.5rem_minmax(0,1fr)] items-center gap-2 px-2 sm:grid-cols-[2.5rem_minmax(0,1fr)_7rem] sm:gap-3 sm:px-3 md:grid-cols-[2.5rem_minmax(0,1fr)_8rem_5rem_minmax(0,12rem)_8rem]';

type Props = {
  applicant: TApplicantListItem;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
};

/** One applicant; the name is the link, a click anywhere else on the row opens the card too. */
export function ApplicantRow({ applicant, selected, onToggle, onOpen }: Props) {
  const name = applicantName(applicant);
  const subtitle = [applicant.position, applicant.company].filter(Boolean).join(' · ');
  const salary = formatSalary(applicant.money, applicant.currency);
  const handleClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, input, button, label')) return;
    onOpen(applicant.id);
  };
  return (
    <div
      onClick={handleClick}
      className={`${ROW_GRID} h-full cursor-pointer border-b border-zinc-100 text-sm hover:bg-zinc-50 ${selected ? 'bg-indigo-50/60' : ''}`}
    >
      <label className="flex h-full items-center justify-center">
        <input
          type="checkbox"
          checked={selected}
          onChange={() => onToggle(applicant.id)}
          aria-label={`Выбрать: ${name}`}
          className="size-4 rounded border-zinc-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        />
      </label>
      <div className="flex min-w-0 items-center gap-3">
        <ApplicantAvatar {...applicant} />
        <div className="min-w-0">
          <Link
            to={`/applicant/${applicant.id}`}
            className="block truncate font-medium text-zinc-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {name}
          </Link>
          <p className="truncate text-xs text-zinc-500">
            {subtitle || 'Должность не указана'}
            {salary && <span className="sm:hidden">{` · ${salary}`}</span>}
          </p>
        </div>
      </div>
      <span className="hidden truncate text-right text-zinc-700 tabular-nums sm:block md:text-left">
        {salary}
      </span>
      <span className="hidden text-zinc-600 md:block">{formatAge(applicant.age)}</span>
      <span className="hidden min-w-0 gap-1 overflow-hidden md:flex">
        {applicant.tags.slice(0, 3).map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
        {applicant.tags.length > 3 && (
          <span className="text-xs text-zinc-500">+{applicant.tags.length - 3}</span>
        )}
      </span>
      <span className="hidden min-w-0 items-center gap-1 text-xs text-zinc-500 md:flex">
        <ItemIcon name={applicant.source_icon} className="size-3.5" />
        <span className="truncate">{applicant.source_name}</span>
      </span>
    </div>
  );
}
