import { useState } from 'react';
import { ComputerDesktopIcon, PuzzlePieceIcon } from '@heroicons/react/24/outline';
import type { TActiveSession } from '@ats/contracts/safety';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { Spinner } from '@ats/ui/spinner';
import { useActiveSessions, useEndOtherSessions, useEndSession } from './safety.queries';

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const formatMoment = (iso: string) => dateTime.format(new Date(iso));

function SessionRow({ session, onEnd }: { session: TActiveSession; onEnd: () => void }) {
  const Icon = session.source === 'plugin' ? PuzzlePieceIcon : ComputerDesktopIcon;
  return (
    <li
      className="flex items-start gap-3 py-3"
      aria-label={`Сессия: ${session.device.label}`}
      data-current={session.is_current || undefined}
    >
      <Icon className="mt-0.5 size-6 shrink-0 text-zinc-400" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-medium text-zinc-900">
          {session.device.label}
          {session.is_current && (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
              Текущая сессия
            </span>
          )}
        </p>
        <p className="text-zinc-500">
          {session.ip ? `IP ${session.ip} · ` : ''}вход {formatMoment(session.created_at)} ·
          активность {formatMoment(session.last_seen_at)}
        </p>
      </div>
      {!session.is_current && (
        <Button variant="secondary" size="sm" onClick={onEnd}>
          Завершить
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const sessions = useActiveSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [confirmOthers, setConfirmOthers] = useState(false);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.is_current).length;

  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-zinc-900">Активные сессии</h2>
          <p className="mt-1 text-sm text-zinc-500">
            Устройства, с которых выполнен вход в ваш аккаунт.
          </p>
        </div>
        <Button variant="secondary" disabled={others === 0} onClick={() => setConfirmOthers(true)}>
          Завершить все, кроме текущей
        </Button>
      </div>
      {sessions.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Загрузка сессий" />
        </div>
      ) : sessions.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          Не удалось загрузить сессии
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-zinc-100" aria-label="Активные сессии">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={() => endOne.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmOthers}
        onClose={() => setConfirmOthers(false)}
        onConfirm={() => endOthers.mutate(undefined, { onSettled: () => setConfirmOthers(false) })}
        title="Завершить другие сессии?"
        description="На остальных устройствах и в расширении браузера придётся войти снова."
        confirmLabel="Завершить"
        destructive
        pending={endOthers.isPending}
      />
    </Card>
  );
}
