import { CalendarDaysIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { ConfirmDialog } from '@ats/ui/confirm-dialog';
import { EmptyState } from '@ats/ui/empty-state';
import { Field } from '@ats/ui/field';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import type { TGoogleStatus } from '@ats/contracts/google-calendar';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  useChooseCalendar,
  useConnectGoogle,
  useDisconnectGoogle,
  useGoogleCalendars,
  useGoogleStatus,
  useSyncGoogle,
} from './google.queries';

const TITLE = 'Google Календарь';
const DESCRIPTION =
  'Встречи из ATS попадают в ваш Google Календарь, а события, созданные в Google, — в календарь ATS.';

const formatMoment = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** /google: connect the user's Google account, pick the calendar, see the sync, disconnect. */
export function GoogleScreen() {
  useDocumentTitle(TITLE);
  const status = useGoogleStatus();
  const [params] = useSearchParams();
  const returnedError = params.get('error');

  return (
    <section className="flex flex-col gap-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      {returnedError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {returnedError}
        </p>
      )}
      {!status.data ? (
        status.isError ? (
          <EmptyState title="Не удалось загрузить состояние" description={status.error.message} />
        ) : (
          <Spinner className="m-auto text-zinc-400" label="Загрузка" />
        )
      ) : !status.data.configured ? (
        <EmptyState
          icon={<CalendarDaysIcon />}
          title="Google Календарь не настроен"
          description="Администратор сервера ещё не подключил Google: нужны GOOGLE_CLIENT_ID и GOOGLE_CLIENT_SECRET. Встречи можно планировать в календаре ATS, приглашения уходят по почте."
        />
      ) : status.data.connected ? (
        <Connected status={status.data} />
      ) : (
        <NotConnected />
      )}
    </section>
  );
}

function NotConnected() {
  const connect = useConnectGoogle();
  return (
    <Card className="flex flex-col items-start gap-4 p-6">
      <p className="text-sm text-zinc-700">
        Подключите свой аккаунт Google: ATS будет добавлять в ваш календарь назначенные вам встречи,
        забирать оттуда ваши события и учитывать занятость при выборе времени собеседования.
      </p>
      <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
        Подключить Google Календарь
      </Button>
    </Card>
  );
}

function Connected({ status }: { status: TGoogleStatus }) {
  const calendars = useGoogleCalendars(true);
  const choose = useChooseCalendar();
  const sync = useSyncGoogle();
  const disconnect = useDisconnectGoogle();
  const [confirming, setConfirming] = useState(false);

  return (
    <Card className="flex flex-col gap-5 p-6">
      <div>
        <h2 className="text-base font-semibold text-zinc-900">Подключено</h2>
        <p className="text-sm text-zinc-700">
          Аккаунт Google: <strong>{status.google_email ?? 'без адреса'}</strong>
        </p>
      </div>
      <Field label="Календарь для встреч">
        {(control) => (
          <Select
            {...control}
            value={status.calendar_id ?? ''}
            disabled={!calendars.data || choose.isPending}
            onChange={(e) => choose.mutate(e.target.value)}
          >
            {!status.calendar_id && <option value="">Выберите календарь</option>}
            {(
              calendars.data ??
              (status.calendar_id
                ? [
                    {
                      id: status.calendar_id,
                      summary: status.calendar_summary ?? status.calendar_id,
                      primary: false,
                      access_role: 'owner',
                    },
                  ]
                : [])
            ).map((c) => (
              <option key={c.id} value={c.id}>
                {c.primary ? `${c.summary} (основной)` : c.summary}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <dl className="grid gap-1 text-sm text-zinc-700">
        <div>
          <dt className="inline">Синхронизация: </dt>
          <dd className="inline" data-testid="google-last-sync">
            {status.last_synced_at
              ? `последняя — ${formatMoment(status.last_synced_at)}`
              : 'ещё не выполнялась'}
          </dd>
        </div>
        <div>
          <dt className="inline">Изменения из Google: </dt>
          <dd className="inline">
            {status.push ? 'приходят сразу' : 'проверяются каждые несколько минут'}
          </dd>
        </div>
      </dl>
      {status.last_error && (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {status.last_error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => sync.mutate()} disabled={sync.isPending}>
          Синхронизировать сейчас
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Отключить
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
        title="Отключить Google Календарь?"
        description="Встречи перестанут попадать в Google, события из Google — в ATS. Уже перенесённые останутся."
        confirmLabel="Отключить"
        destructive
        pending={disconnect.isPending}
      />
    </Card>
  );
}
