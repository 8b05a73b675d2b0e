import { ChatBubbleLeftRightIcon, EnvelopeIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { cx } from '@ats/ui/class-names';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Spinner } from '@ats/ui/spinner';
import { useCurrentUser } from '../../shared/session/session.queries';
import { ConnectChannelDialog, type ConnectableKind } from './channel-forms';
import { useDeleteChannel, useUpdateChannel, useWritableChannels } from './messaging.queries';
import { MSG_CHANNEL_KIND_NAMES, type TMsgChannel } from '@ats/contracts/messaging';

const STATE_NAMES: Record<TMsgChannel['state'], string> = {
  active: 'Работает',
  error: 'Ошибка',
  disabled: 'Выключен',
};
const STATE_TONES: Record<TMsgChannel['state'], string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  error: 'bg-red-50 text-red-800 ring-red-200',
  disabled: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
};

/**
 * «Каналы переписки» of /settings/services: the company's channels and the user's own, each with
 * its state; connect a Telegram bot or a mailbox, switch one off, disconnect it.
 */
export function ChannelSettings() {
  const me = useCurrentUser();
  const writable = useWritableChannels();
  const [connecting, setConnecting] = useState<ConnectableKind | null>(null);
  const channels = [...writable.channels].sort((a, b) => a.id - b.id);
  const failed = writable.error;
  const pending = writable.isPending;

  return (
    <section aria-labelledby="services-channels" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="services-channels" className="text-base font-semibold text-zinc-900">
          Каналы переписки с кандидатами
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setConnecting('telegram')}>
            <ChatBubbleLeftRightIcon className="size-4" aria-hidden="true" />
            Подключить Telegram-бота
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setConnecting('email')}>
            <EnvelopeIcon className="size-4" aria-hidden="true" />
            Подключить почтовый ящик
          </Button>
        </div>
      </div>
      {pending && !failed ? (
        <Spinner label="Загружаем каналы" className="text-zinc-500" />
      ) : failed ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить каналы: {failed.message}{' '}
          <button type="button" className="underline" onClick={() => void writable.refetch()}>
            Повторить
          </button>
        </p>
      ) : channels.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600">
          Каналов пока нет. Подключите Telegram-бота или почтовый ящик — и пишите кандидатам прямо
          из карточки, а их ответы будут приходить туда же.
        </p>
      ) : (
        <ul aria-label="Каналы" className="grid gap-3 sm:grid-cols-2">
          {channels.map((channel) => (
            <ChannelCard
              key={channel.id}
              channel={channel}
              canManage={me.is_admin || (channel.scope === 'user' && channel.user_id === me.id)}
            />
          ))}
        </ul>
      )}
      <ConnectChannelDialog
        kind={connecting ?? 'telegram'}
        open={connecting !== null}
        onClose={() => setConnecting(null)}
        isAdmin={me.is_admin}
      />
    </section>
  );
}

function ChannelCard({ channel, canManage }: { channel: TMsgChannel; canManage: boolean }) {
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const [confirming, setConfirming] = useState(false);
  const title = channel.name || channel.address || MSG_CHANNEL_KIND_NAMES[channel.kind];
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
          <span
            className={cx(
              'rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
              STATE_TONES[channel.state],
            )}
          >
            {STATE_NAMES[channel.state]}
          </span>
        </div>
        <p className="text-sm text-zinc-600">
          {MSG_CHANNEL_KIND_NAMES[channel.kind]}
          {channel.address && channel.address !== title ? ` · ${channel.address}` : ''} ·{' '}
          {channel.scope === 'account' ? 'канал компании' : 'личный канал'}
        </p>
        {channel.state === 'error' && channel.last_error && (
          <p className="text-sm text-red-700">{channel.last_error}</p>
        )}
        {canManage && (
          <div className="mt-auto flex flex-wrap gap-2 pt-2">
            <Button
              size="sm"
              variant="secondary"
              loading={update.isPending}
              onClick={() =>
                update.mutate({ id: channel.id, is_active: channel.state === 'disabled' })
              }
            >
              {channel.state === 'disabled' ? 'Включить' : 'Выключить'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
              Отключить
            </Button>
          </div>
        )}
      </Card>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(channel.id, { onSuccess: () => setConfirming(false) })}
        title={`Отключить канал «${title}»?`}
        description="Новые сообщения через него приходить не будут. Переписка на карточках кандидатов сохранится."
        confirmLabel="Отключить"
        destructive
        pending={remove.isPending}
      />
    </li>
  );
}
