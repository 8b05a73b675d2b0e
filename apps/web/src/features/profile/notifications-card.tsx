import { useState } from 'react';
import {
  NOTIFICATION_EVENTS,
  NOTIFICATION_EVENT_TITLES,
  type TNotificationEvent,
  type TNotificationSettings,
} from '@ats/contracts/profile';
import { Card } from '@ats/ui/card';
import { Spinner } from '@ats/ui/spinner';
import { Button } from '@ats/ui/button';
import {
  useNotificationSettings,
  useUnlinkUserTelegram,
  useUpdateNotificationSettings,
  useUserTelegram,
  useUserTelegramLink,
} from './profile.queries';

const CHANNELS = [
  { key: 'email', title: 'Email' },
  { key: 'in_app', title: 'В приложении' },
  { key: 'telegram', title: 'Telegram' },
] as const;
type Channel = (typeof CHANNELS)[number]['key'];

/**
 * Each switch saves at once. It moves in the click itself: the query cache tells its readers a
 * moment later (TanStack Query batches notifications into a timer), and a controlled checkbox
 * would meanwhile snap back. What the server keeps replaces the shown state when it arrives.
 */
function NotificationsTable({ settings }: { settings: TNotificationSettings }) {
  const update = useUpdateNotificationSettings();
  const [shown, setShown] = useState(settings);
  const [kept, setKept] = useState(settings);
  if (kept !== settings) {
    // New settings from the server (the answer to a change, or a reload): shown as they are.
    setKept(settings);
    setShown(settings);
  }
  const toggle = (event: TNotificationEvent, channel: Channel, on: boolean) => {
    setShown((current) => ({ ...current, [event]: { ...current[event], [channel]: on } }));
    update.change({ [event]: { [channel]: on } });
  };
  return (
    <table className="mt-4 w-full text-sm" aria-label="Уведомления">
      <thead>
        <tr className="text-left text-zinc-500">
          <th className="py-2 font-medium">Событие</th>
          {CHANNELS.map((c) => (
            <th key={c.key} className="w-32 py-2 text-center font-medium">
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-zinc-100">
        {NOTIFICATION_EVENTS.map((event) => (
          <tr key={event}>
            <td className="py-2.5 text-zinc-900">{NOTIFICATION_EVENT_TITLES[event]}</td>
            {CHANNELS.map((c) => (
              <td key={c.key} className="py-2.5 text-center">
                <input
                  type="checkbox"
                  aria-label={`${NOTIFICATION_EVENT_TITLES[event]}: ${c.title}`}
                  className="size-4 rounded border-zinc-300 text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  checked={shown[event][c.key]}
                  disabled={update.isPending}
                  onChange={(e) => toggle(event, c.key, e.target.checked)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function NotificationsCard() {
  const settings = useNotificationSettings();
  return (
    <Card className="p-6">
      <h2 className="text-base font-semibold text-zinc-900">Уведомления</h2>
      <p className="mt-1 text-sm text-zinc-500">О каких событиях сообщать и как.</p>
      <TelegramLink />
      {settings.data ? (
        <NotificationsTable settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          Не удалось загрузить настройки уведомлений
        </p>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner label="Загрузка уведомлений" />
        </div>
      )}
    </Card>
  );
}

/**
 * «Подключить Telegram»: a link to the company's bot signed for this user alone; pressing Start
 * there ties the chat, which the card notices by asking again every 2 s. «Отключить» unties it.
 */
function TelegramLink() {
  const [url, setUrl] = useState<string | null>(null);
  const telegram = useUserTelegram(url !== null);
  const makeLink = useUserTelegramLink();
  const unlink = useUnlinkUserTelegram();
  const data = telegram.data;
  if (!data) return null;
  if (data.linked) {
    if (url !== null) setUrl(null);
    return (
      <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-zinc-50 p-3 text-sm">
        <span className="text-zinc-900">
          Telegram подключён: уведомления приходят в чат с ботом @{data.linked.bot_username}
        </span>
        <Button
          variant="secondary"
          size="sm"
          loading={unlink.isPending}
          onClick={() => unlink.mutate()}
        >
          Отключить
        </Button>
      </div>
    );
  }
  if (data.bots.length === 0) {
    return (
      <p className="mt-4 rounded-lg bg-zinc-50 p-3 text-sm text-zinc-500">
        Уведомления в Telegram появятся, когда администратор подключит бота компании в настройках
        сервисов.
      </p>
    );
  }
  return (
    <div className="mt-4 flex flex-wrap items-center gap-3 rounded-lg bg-zinc-50 p-3 text-sm">
      {url === null ? (
        <>
          <span className="text-zinc-700">Получайте уведомления в Telegram.</span>
          <Button
            size="sm"
            loading={makeLink.isPending}
            onClick={async () => {
              const result = await makeLink.mutateAsync();
              if (result.ok) setUrl(result.data.url);
            }}
          >
            Подключить Telegram
          </Button>
        </>
      ) : (
        <span className="text-zinc-700">
          Откройте{' '}
          <a
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-indigo-600 hover:underline"
          >
            ссылку на бота
          </a>{' '}
          и нажмите «Запустить» (Start). Ссылка действует сутки.
        </span>
      )}
    </div>
  );
}
