import { Card } from '@ats/ui/card';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useUpdateProfile } from './profile.queries';

/** The support chat widget reads is_hide_chat from /me; the switch saves at once. */
export function SupportChatCard() {
  const me = useCurrentUser();
  const update = useUpdateProfile(me.id);
  const hidden = me.admin_user_setting.is_hide_chat;
  return (
    <Card className="p-6">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 rounded border-zinc-300 text-indigo-600"
          checked={hidden}
          disabled={update.isPending}
          onChange={(event) =>
            update.mutate({ admin_user_setting: { is_hide_chat: event.target.checked } })
          }
        />
        <span>
          <span className="block text-sm font-medium text-zinc-900">Скрыть чат поддержки</span>
          <span className="block text-sm text-zinc-500">
            Кнопка чата с поддержкой не будет показываться на страницах.
          </span>
        </span>
      </label>
    </Card>
  );
}
