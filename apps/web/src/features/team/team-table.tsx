import { USER_STATUS_LABELS, MEMBER_TYPE_LABELS, type TTeamMember } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { personDisplayName } from '@ats/contracts/person-name';

const STATUS_STYLES: Record<TTeamMember['status'], string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  invited: 'bg-amber-50 text-amber-800 ring-amber-200',
  disabled: 'bg-zinc-100 text-zinc-600 ring-zinc-200',
};

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' });

export type TeamActions = {
  onEdit: (user: TTeamMember) => void;
  onDeactivate: (user: TTeamMember) => void;
  onActivate: (user: TTeamMember) => void;
  onResend: (user: TTeamMember) => void;
};

function StatusCell({ user, now }: { user: TTeamMember; now: number }) {
  const expires = user.invitation_expires_at ? new Date(user.invitation_expires_at) : null;
  return (
    <>
      <span
        className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLES[user.status]}`}
      >
        {USER_STATUS_LABELS[user.status]}
      </span>
      {user.status === 'invited' && expires && (
        <span className="mt-0.5 block text-xs text-zinc-500">
          {expires.getTime() > now ? `ссылка до ${date.format(expires)}` : 'ссылка устарела'}
        </span>
      )}
    </>
  );
}

/** The team as a table; the action buttons are there only for an admin. */
export function TeamTable({
  users,
  meId,
  now,
  actions,
}: {
  users: TTeamMember[];
  meId: number;
  /** When the list was loaded: links that expired before it read «ссылка устарела». */
  now: number;
  actions: TeamActions | null;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-zinc-200">
      <table className="min-w-full divide-y divide-zinc-200 text-sm">
        <caption className="sr-only">Пользователи аккаунта</caption>
        <thead className="bg-zinc-50 text-left text-xs font-semibold text-zinc-600">
          <tr>
            <th scope="col" className="px-4 py-2.5">
              Имя
            </th>
            <th scope="col" className="px-4 py-2.5">
              Email
            </th>
            <th scope="col" className="px-4 py-2.5">
              Роль
            </th>
            <th scope="col" className="px-4 py-2.5">
              Статус
            </th>
            <th scope="col" className="px-4 py-2.5">
              Последний вход
            </th>
            {actions && (
              <th scope="col" className="px-4 py-2.5">
                <span className="sr-only">Действия</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {users.map((user) => {
            const name = personDisplayName(user);
            return (
              <tr key={user.id}>
                <th scope="row" className="px-4 py-3 text-left font-medium text-zinc-900">
                  {name}
                  {user.id === meId && <span className="ml-1 font-normal text-zinc-500">(вы)</span>}
                </th>
                <td className="px-4 py-3 text-zinc-600">{user.email}</td>
                <td className="px-4 py-3 text-zinc-700">
                  {MEMBER_TYPE_LABELS[user.member_type]}
                  {user.is_admin && (
                    <span className="block text-xs text-indigo-700">Администратор</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <StatusCell user={user} now={now} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-zinc-600">
                  {user.last_sign_in_at ? dateTime.format(new Date(user.last_sign_in_at)) : '—'}
                </td>
                {actions && (
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Права: ${name}`}
                        onClick={() => actions.onEdit(user)}
                      >
                        Права
                      </Button>
                      {user.status === 'invited' && (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Отправить приглашение ещё раз: ${name}`}
                          onClick={() => actions.onResend(user)}
                        >
                          Отправить ещё раз
                        </Button>
                      )}
                      {user.status === 'disabled' ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Включить: ${name}`}
                          onClick={() => actions.onActivate(user)}
                        >
                          Включить
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Отключить: ${name}`}
                          onClick={() => actions.onDeactivate(user)}
                        >
                          Отключить
                        </Button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
