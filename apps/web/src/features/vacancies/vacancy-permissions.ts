import type { TMe } from '@ats/contracts/me';
import type { TVacancy } from '@ats/contracts/vacancies';

// What the screens offer (SPEC.md §6 and the issue): watchers only look; owners create vacancies
// when allowed and manage the ones they own; admins manage everything. The server refuses the
// same things; hiding the buttons just keeps people from trying.

type Member = Pick<TMe, 'id' | 'is_admin' | 'member_type' | 'admin_user_setting'>;

export function canCreateVacancy(me: Member): boolean {
  if (me.member_type === 'watcher') return false;
  return me.is_admin || me.admin_user_setting.permissions_actions.can_manage_vacancy !== false;
}

export function canManageVacancy(me: Member, vacancy: Pick<TVacancy, 'owners' | 'author'>) {
  if (me.member_type === 'watcher') return false;
  if (me.is_admin) return true;
  return vacancy.owners.some((owner) => owner.id === me.id) || vacancy.author?.id === me.id;
}

/** Templates are account-wide: whoever may create vacancies may keep templates. */
export const canManageTemplates = canCreateVacancy;
