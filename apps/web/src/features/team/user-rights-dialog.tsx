import { useState } from 'react';
import type { TTeamMember } from '@ats/contracts/users';
import { Button } from '@ats/ui/button';
import { Dialog } from '@ats/ui/dialog';
import { personDisplayName } from '@ats/contracts/person-name';
import { RightsEditor, rightsOf, type Rights } from './rights-editor';
import { useUpdateUser } from './team.queries';

/** An admin edits a colleague's role, rights and visible fields; saved in one request. */
export function UserRightsDialog({ user, onClose }: { user: TTeamMember; onClose: () => void }) {
  const [rights, setRights] = useState<Rights>(() => rightsOf(user));
  const update = useUpdateUser(user.id);

  const save = async () => {
    const result = await update.mutateAsync({
      toast: 'Права сохранены',
      body: {
        admin_user: {
          member_type: rights.member_type,
          is_admin: rights.is_admin,
          admin_user_setting: {
            permissions_actions: rights.permissions_actions,
            visible_fields_vacancy: rights.visible_fields_vacancy,
            download_pdf: rights.download_pdf,
          },
          setting_fields_applicant: rights.setting_fields_applicant,
        },
      },
    });
    if (result.ok) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Права: ${personDisplayName(user)}`}
      description={user.email}
      className="max-h-[90vh] max-w-2xl overflow-y-auto"
    >
      <RightsEditor value={rights} onChange={setRights} />
      <div className="mt-5 flex justify-end gap-2 border-t border-zinc-100 pt-4">
        <Button variant="secondary" onClick={onClose}>
          Отмена
        </Button>
        <Button loading={update.isPending} onClick={() => void save()}>
          Сохранить
        </Button>
      </div>
    </Dialog>
  );
}
