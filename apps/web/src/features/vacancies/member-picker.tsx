import { personDisplayName } from '@ats/contracts/person-name';
import { XMarkIcon } from '@heroicons/react/20/solid';
import { Select } from '@ats/ui/select';
import type { TUser } from '@ats/contracts/users';

type Props = {
  /** 'Ответственные', 'Наблюдатели'. */
  label: string;
  users: TUser[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string | undefined;
};

/**
 * Users as removable chips plus a select that adds one more: a multi-select made of native
 * controls, so the keyboard and screen readers need nothing special.
 */
export function MemberPicker({ label, users, value, onChange, error }: Props) {
  const byId = new Map(users.map((user) => [user.id, user]));
  const rest = users.filter((user) => !value.includes(user.id));
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-zinc-800">{label}</legend>
      <ul aria-label={label} className="flex flex-wrap gap-1.5 empty:hidden">
        {value.map((id) => {
          const name = byId.get(id) ? personDisplayName(byId.get(id)!) : `Пользователь №${id}`;
          return (
            <li
              key={id}
              className="inline-flex items-center gap-1 rounded-full bg-zinc-100 py-0.5 pr-1 pl-2.5 text-sm text-zinc-800"
            >
              {name}
              <button
                type="button"
                aria-label={`Убрать: ${name}`}
                onClick={() => onChange(value.filter((other) => other !== id))}
                className="rounded-full p-0.5 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <XMarkIcon className="size-3.5" />
              </button>
            </li>
          );
        })}
      </ul>
      <Select
        aria-label={`Добавить: ${label.toLowerCase()}`}
        value=""
        invalid={Boolean(error)}
        disabled={rest.length === 0}
        onChange={(event) => {
          const id = Number(event.target.value);
          if (id) onChange([...value, id]);
        }}
      >
        <option value="">{rest.length ? 'Добавить…' : 'Все пользователи добавлены'}</option>
        {rest.map((user) => (
          <option key={user.id} value={user.id}>
            {personDisplayName(user)}
          </option>
        ))}
      </Select>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
