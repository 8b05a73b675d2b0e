import type { TAdminUserSetting, TMemberType, TUser } from '@ats/contracts/users';
import { MEMBER_TYPE_LABELS } from '@ats/contracts/users';
import { Switch } from './switch';
import {
  APPLICANT_FIELD_LABELS,
  PERMISSION_GROUPS,
  VACANCY_FIELD_LABELS,
} from '../../shared/team-labels';

/** Everything an admin sets for a colleague: role, admin flag, rights and visible fields. */
export type Rights = {
  member_type: TMemberType;
  is_admin: boolean;
  permissions_actions: TAdminUserSetting['permissions_actions'];
  visible_fields_vacancy: TAdminUserSetting['visible_fields_vacancy'];
  download_pdf: TAdminUserSetting['download_pdf'];
  setting_fields_applicant: TUser['setting_fields_applicant'];
};

export const rightsOf = (user: TUser): Rights => ({
  member_type: user.member_type,
  is_admin: user.is_admin,
  permissions_actions: user.admin_user_setting.permissions_actions,
  visible_fields_vacancy: user.admin_user_setting.visible_fields_vacancy,
  download_pdf: user.admin_user_setting.download_pdf,
  setting_fields_applicant: user.setting_fields_applicant,
});

const ROLE_HINTS: Record<TMemberType, string> = {
  owner: 'Ведёт вакансии и кандидатов.',
  watcher: 'Нанимающий менеджер: видит свои вакансии и оставляет отзывы.',
};

type FlagGroup =
  'permissions_actions' | 'visible_fields_vacancy' | 'download_pdf' | 'setting_fields_applicant';

/** A folded list of field switches: most admins leave them as they are. */
function FieldFlags({
  title,
  flags,
  labels,
  prefix,
  onToggle,
}: {
  title: string;
  flags: Record<string, boolean>;
  labels: Record<string, string>;
  prefix: string;
  onToggle: (key: string, value: boolean) => void;
}) {
  const keys = Object.keys(flags);
  const on = keys.filter((key) => flags[key]).length;
  return (
    <details className="rounded-lg ring-1 ring-zinc-200">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600">
        {title}{' '}
        <span className="font-normal text-zinc-500">
          ({on} из {keys.length})
        </span>
      </summary>
      <div className="grid gap-x-6 px-3 pb-2 sm:grid-cols-2">
        {keys.map((key) => (
          <Switch
            key={key}
            label={labels[key.slice(prefix.length)] ?? key}
            checked={Boolean(flags[key])}
            onChange={(value) => onToggle(key, value)}
          />
        ))}
      </div>
    </details>
  );
}

export function RightsEditor({
  value,
  onChange,
}: {
  value: Rights;
  onChange: (next: Rights) => void;
}) {
  const setFlag = (group: FlagGroup, key: string, flag: boolean) =>
    onChange({ ...value, [group]: { ...value[group], [key]: flag } } as Rights);
  return (
    <div className="flex flex-col gap-5">
      <fieldset>
        <legend className="text-sm font-semibold text-zinc-900">Роль</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(['owner', 'watcher'] as const).map((role) => (
            <label
              key={role}
              className="flex cursor-pointer gap-2 rounded-lg p-3 ring-1 ring-zinc-200 has-checked:ring-2 has-checked:ring-indigo-600"
            >
              <input
                type="radio"
                name="member_type"
                value={role}
                checked={value.member_type === role}
                onChange={() => onChange({ ...value, member_type: role })}
                className="mt-0.5"
              />
              <span>
                <span className="block text-sm font-medium text-zinc-900">
                  {MEMBER_TYPE_LABELS[role]}
                </span>
                <span className="block text-xs text-zinc-500">{ROLE_HINTS[role]}</span>
              </span>
            </label>
          ))}
        </div>
        <div className="mt-2">
          <Switch
            label="Администратор"
            description="Управляет пользователями и настройками компании."
            checked={value.is_admin}
            onChange={(is_admin) => onChange({ ...value, is_admin })}
          />
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-semibold text-zinc-900">Права</legend>
        {value.member_type === 'watcher' && (
          <p className="mt-1 text-xs text-zinc-500">
            Наблюдатель не работает с базой кандидатов и настройками, какие бы права ни были
            включены.
          </p>
        )}
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          {PERMISSION_GROUPS.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">
                {group.title}
              </h3>
              {group.items.map(([key, label]) => (
                <Switch
                  key={key}
                  label={label}
                  checked={value.permissions_actions[key]}
                  onChange={(flag) => setFlag('permissions_actions', key, flag)}
                />
              ))}
            </section>
          ))}
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold text-zinc-900">Видимые поля</legend>
        <FieldFlags
          title="Поля кандидата"
          flags={value.setting_fields_applicant}
          labels={APPLICANT_FIELD_LABELS}
          prefix="is_"
          onToggle={(key, flag) => setFlag('setting_fields_applicant', key, flag)}
        />
        <FieldFlags
          title="Поля вакансии"
          flags={value.visible_fields_vacancy}
          labels={VACANCY_FIELD_LABELS}
          prefix=""
          onToggle={(key, flag) => setFlag('visible_fields_vacancy', key, flag)}
        />
        <FieldFlags
          title="Поля в PDF кандидата"
          flags={value.download_pdf}
          labels={APPLICANT_FIELD_LABELS}
          prefix="is_"
          onToggle={(key, flag) => setFlag('download_pdf', key, flag)}
        />
      </fieldset>
    </div>
  );
}
