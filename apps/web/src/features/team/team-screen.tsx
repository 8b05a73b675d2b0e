import { UsersIcon } from '@heroicons/react/24/outline';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { TTeamMember } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { personDisplayName } from '@ats/contracts/person-name';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { InviteDialog } from './invite-dialog';
import { TeamTable } from './team-table';
import { useResendInvitation, useTeamSeats, useUpdateUser } from './team.queries';
import { UserRightsDialog } from './user-rights-dialog';
import { useTeam } from '../../shared/team-members.queries';

const matches = (user: TTeamMember, search: string) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return `${personDisplayName(user)} ${user.email} ${user.nick ?? ''}`
    .toLowerCase()
    .includes(needle);
};

function SwitchActivity({ user, onDone }: { user: TTeamMember; onDone: () => void }) {
  const update = useUpdateUser(user.id);
  const deactivate = user.status !== 'disabled';
  return (
    <ConfirmDialog
      open
      onClose={onDone}
      title={deactivate ? 'Отключить пользователя?' : 'Включить пользователя?'}
      description={
        deactivate
          ? `${personDisplayName(user)} сразу выйдет из системы и не сможет войти, пока его не включат снова. Место в тарифе освободится.`
          : `${personDisplayName(user)} снова сможет войти. Пользователь займёт место в тарифе.`
      }
      confirmLabel={deactivate ? 'Отключить' : 'Включить'}
      destructive={deactivate}
      pending={update.isPending}
      onConfirm={async () => {
        const result = await update.mutateAsync({
          body: { admin_user: { is_active: !deactivate } },
          toast: deactivate ? 'Пользователь отключён' : 'Пользователь включён',
        });
        if (result.ok) onDone();
      }}
    />
  );
}

/** `/settings/edit-users`: the team, invitations, roles and rights, seats of the tariff. */
export function TeamScreen() {
  const title = 'Настройки — Пользователи';
  useDocumentTitle(title);
  const me = useCurrentUser();
  const isTeamAdmin = me.is_admin && me.member_type === 'owner';
  const team = useTeam();
  const seats = useTeamSeats();
  const resend = useResendInvitation();
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TTeamMember | null>(null);
  const [switching, setSwitching] = useState<TTeamMember | null>(null);
  const seatsId = useId();

  // A users_limit of 0: no limit (a self-hosted install without payments).
  const full =
    seats.data && seats.data.users_limit > 0
      ? seats.data.active_users >= seats.data.users_limit
      : false;
  const users = (team.data ?? []).filter((user) => matches(user, search));

  return (
    <section>
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        Все настройки
      </Link>
      <PageHeader
        title={title}
        description="Сотрудники, их роли и права доступа."
        actions={
          <>
            {seats.data && (
              <span id={seatsId} className="text-sm text-zinc-600">
                {seats.data.users_limit > 0
                  ? `${seats.data.active_users} из ${seats.data.users_limit} мест занято`
                  : `${seats.data.active_users} мест занято, без ограничения`}
                {full && isTeamAdmin && (
                  <span className="block text-xs text-amber-700">
                    Все места тарифа заняты: отключите кого-нибудь или продлите тариф
                  </span>
                )}
              </span>
            )}
            {isTeamAdmin && (
              <Button
                onClick={() => setInviting(true)}
                disabled={full}
                aria-describedby={seats.data ? seatsId : undefined}
              >
                Пригласить
              </Button>
            )}
          </>
        }
      />
      <div className="mb-4 max-w-sm">
        <Input
          type="search"
          aria-label="Поиск по имени или email"
          placeholder="Поиск по имени или email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {team.isPending && (
        <div className="flex justify-center py-16">
          <Spinner label="Загрузка пользователей" />
        </div>
      )}
      {team.isError && (
        <EmptyState
          title="Не удалось загрузить пользователей"
          description={team.error.message}
          action={
            <Button variant="secondary" onClick={() => void team.refetch()}>
              Повторить
            </Button>
          }
        />
      )}
      {team.isSuccess && users.length === 0 && (
        <EmptyState
          icon={<UsersIcon />}
          title="Никого не нашли"
          description={`По запросу «${search}» пользователей нет.`}
        />
      )}
      {users.length > 0 && (
        <TeamTable
          users={users}
          meId={me.id}
          now={team.dataUpdatedAt}
          actions={
            isTeamAdmin
              ? {
                  onEdit: setEditing,
                  onDeactivate: setSwitching,
                  onActivate: setSwitching,
                  onResend: (user) => void resend.mutateAsync(user.id),
                }
              : null
          }
        />
      )}
      {inviting && <InviteDialog onClose={() => setInviting(false)} />}
      {editing && <UserRightsDialog user={editing} onClose={() => setEditing(null)} />}
      {switching && <SwitchActivity user={switching} onDone={() => setSwitching(null)} />}
    </section>
  );
}
