import { CheckIcon } from '@heroicons/react/20/solid';
import type { TTag } from '@ats/contracts/tags';
import { Spinner } from '@ats/ui/spinner';
import { readableTextColor } from '../../shared/applicant/tag-chip';
import { useTags } from '../../shared/applicant/applicant-references.queries';
import { ItemIcon } from '../../shared/icons/item-icon';

type Props = {
  value: number[];
  onChange: (ids: number[]) => void;
  label?: string;
};

/** Tags as toggle buttons: Tab walks them, Space or Enter switches one on or off. */
export function TagPicker({ value, onChange, label = 'Теги' }: Props) {
  const { data: tags, isPending, isError } = useTags();
  if (isPending) return <Spinner label="Загружаем теги" />;
  if (isError) return <p className="text-sm text-red-600">Не удалось загрузить теги</p>;
  if (tags.length === 0) {
    return <p className="text-sm text-zinc-500">Тегов пока нет — их создают в настройках.</p>;
  }
  const toggle = (tag: TTag) =>
    onChange(value.includes(tag.id) ? value.filter((id) => id !== tag.id) : [...value, tag.id]);
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => {
        const on = value.includes(tag.id);
        return (
          <button
            key={tag.id}
            type="button"
            aria-pressed={on}
            onClick={() => toggle(tag)}
            className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-zinc-300 transition focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600"
            style={
              on ? { backgroundColor: tag.color, color: readableTextColor(tag.color) } : undefined
            }
          >
            {on && <CheckIcon className="size-3.5" aria-hidden="true" />}
            <ItemIcon name={tag.icon} className="size-3.5" />
            {tag.name}
          </button>
        );
      })}
    </div>
  );
}
