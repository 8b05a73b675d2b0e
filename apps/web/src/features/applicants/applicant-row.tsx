import type { CSSProperties, MouseEvent } from 'react';
import { Link } from 'react-router';
import { ApplicantAvatar } from '../../shared/applicant/applicant-avatar';
import { applicantName, formatAge, formatSalary } from '../../shared/format/applicant-format';
import { UnreadBadge } from '../../shared/messaging/unread-badge';
import type { TApplicantListItem } from '@ats/contracts/applicant-list';
import { formatPhone } from '@ats/contracts/phone';
import { TagChip } from '../../shared/applicant/tag-chip';
import { ItemIcon } from '../../shared/icons/item-icon';
import {
  columnCellClass,
  LIST_GRID_CLASS,
  LIST_MIN_WIDTH_CLASS,
  type ListColumn,
} from './list-columns';
import { onFirstUse } from '../../shared/format/on-first-use';
import { inMoscow, numericDate } from '../../shared/format/ru-format';

export const ROW_HEIGHT = 64;

/** The day an applicant was added, in Moscow like the filter's dates. */
const addedFormat = onFirstUse(
  () => new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow' }),
);
const formatAdded = (value: string) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const moscow = inMoscow(date);
  return moscow ? numericDate(moscow) : addedFormat().format(date);
};

type Props = {
  applicant: TApplicantListItem;
  columns: ListColumn[];
  grid: CSSProperties;
  selected: boolean;
  onToggle: (id: number) => void;
  onOpen: (id: number) => void;
  /** Unread messages from this applicant (issue 14); absent when none. */
  unread?: number;
};

function Cell({ column, applicant }: { column: ListColumn; applicant: TApplicantListItem }) {
  switch (column) {
    case 'salary':
      return (
        <span className="truncate text-zinc-700 tabular-nums">
          {formatSalary(applicant.money, applicant.currency)}
        </span>
      );
    case 'age':
      return <span className="text-zinc-600">{formatAge(applicant.age)}</span>;
    case 'tags':
      return (
        <span className="flex min-w-0 gap-1 overflow-hidden">
          {applicant.tags.slice(0, 3).map((tag) => (
            <TagChip key={tag.id} tag={tag} />
          ))}
          {applicant.tags.length > 3 && (
            <span className="text-xs text-zinc-500">+{applicant.tags.length - 3}</span>
          )}
        </span>
      );
    case 'source':
      return (
        <span className="flex min-w-0 items-center gap-1 text-xs text-zinc-500">
          <ItemIcon name={applicant.source_icon} className="size-3.5" />
          <span className="truncate">{applicant.source_name}</span>
        </span>
      );
    case 'created':
      return (
        <span className="text-zinc-600 tabular-nums">{formatAdded(applicant.created_at)}</span>
      );
    case 'contacts': {
      const phone = formatPhone(applicant.phone) || null;
      const lines = [phone, applicant.email, applicant.tg].filter(Boolean).slice(0, 2);
      return (
        <span className="min-w-0 text-xs text-zinc-600">
          {lines.length === 0 ? (
            <span className="text-zinc-400">Нет контактов</span>
          ) : (
            lines.map((line) => (
              <span key={line} className="block truncate" title={line!}>
                {line}
              </span>
            ))
          )}
        </span>
      );
    }
    case 'vacancy': {
      const [first, ...rest] = applicant.applications ?? [];
      if (!first) return <span className="text-xs text-zinc-400">Не на вакансии</span>;
      return (
        <span className="min-w-0 text-xs">
          <span className="block truncate text-zinc-800" title={first.vacancy_name}>
            {first.vacancy_name}
            {rest.length > 0 && <span className="text-zinc-500"> и ещё {rest.length}</span>}
          </span>
          <span className="flex min-w-0 items-center gap-1 text-zinc-500">
            <span
              className="size-2 shrink-0 rounded-full"
              style={{ backgroundColor: first.status_color }}
              aria-hidden="true"
            />
            <span className="truncate">{first.status_name}</span>
          </span>
        </span>
      );
    }
  }
}

/** One applicant; the name is the link, a click anywhere else on the row opens the card too. */
export function ApplicantRow({
  applicant,
  columns,
  grid,
  selected,
  onToggle,
  onOpen,
  unread,
}: Props) {
  const name = applicantName(applicant);
  const subtitle = [applicant.position, applicant.company].filter(Boolean).join(' · ');
  const handleClick = (event: MouseEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest('a, input, button, label')) return;
    onOpen(applicant.id);
  };
  return (
    <div
      onClick={handleClick}
      style={grid}
      className={`${LIST_GRID_CLASS} ${LIST_MIN_WIDTH_CLASS} h-full cursor-pointer border-b border-zinc-100 text-sm hover:bg-zinc-50 ${selected ? 'bg-indigo-50/60' : ''}`}
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
          <div className="flex min-w-0 items-center gap-2">
            <Link
              to={`/applicant/${applicant.id}`}
              className="block truncate font-medium text-zinc-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {name}
            </Link>
            {unread ? <UnreadBadge count={unread} /> : null}
          </div>
          <p className="truncate text-xs text-zinc-500">{subtitle || 'Должность не указана'}</p>
        </div>
      </div>
      {columns.map((column, index) => (
        <div key={column} data-column={column} className={columnCellClass(index)}>
          <Cell column={column} applicant={applicant} />
        </div>
      ))}
    </div>
  );
}
