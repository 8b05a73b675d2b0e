import { XMarkIcon } from '@heroicons/react/20/solid';
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '@ats/ui/input';
import { useHardSkills } from '../../shared/applicant/applicant-references.queries';
import { useDebouncedValue } from '../../shared/use-debounced-value';

export type SkillItem = { id?: number; name: string };

type Props = {
  id?: string;
  value: SkillItem[];
  onChange: (skills: SkillItem[]) => void;
  /** Free text is welcome on an applicant; a filter needs dictionary skills (with ids). */
  allowFreeText?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** Skills as chips; the input suggests dictionary skills as you type, Enter adds one. */
export function SkillsInput({
  id,
  value,
  onChange,
  allowFreeText = true,
  invalid,
  ...aria
}: Props) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text.trim(), 300);
  const { data: suggestions = [] } = useHardSkills(search);
  const listId = useId();

  const add = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name) return;
    const known = suggestions.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!known && !allowFreeText) return;
    const item = known ? { id: known.id, name: known.name } : { name };
    if (!value.some((s) => s.name.toLowerCase() === item.name.toLowerCase())) {
      onChange([...value, item]);
    }
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && !text && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Выбранные навыки">
          {value.map((skill) => (
            <li
              key={skill.name}
              className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-xs text-zinc-800"
            >
              {skill.name}
              <button
                type="button"
                aria-label={`Убрать навык ${skill.name}`}
                onClick={() => onChange(value.filter((s) => s !== skill))}
                className="rounded-full p-0.5 hover:bg-zinc-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <XMarkIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Input
        id={id}
        {...aria}
        invalid={invalid}
        list={listId}
        value={text}
        placeholder="Начните вводить навык и нажмите Enter"
        onChange={(event) => {
          const next = event.target.value;
          // Picking an option from the datalist fills the whole name at once: add it.
          if (suggestions.some((s) => s.name === next)) add(next);
          else setText(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => allowFreeText && add(text)}
      />
      <datalist id={listId}>
        {suggestions.map((skill) => (
          <option key={skill.id} value={skill.name} />
        ))}
      </datalist>
    </div>
  );
}
