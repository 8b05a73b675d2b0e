import { BriefcaseIcon } from '@heroicons/react/24/outline';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { EmptyState } from '@ats/ui/empty-state';
import { Field } from '@ats/ui/field';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import {
  JOB_SITE_NAMES,
  type TJobSite,
  type TJobSiteConnection,
  type TRemoteVacancy,
} from '@ats/contracts/job-sites';
import { ApiError } from '../../shared/api-client';
import { useDocumentTitle } from '../../shared/use-document-title';
import {
  useConnectSite,
  useDisconnectSite,
  useJobSites,
  useLinkVacancy,
  useOurVacancies,
  useRemoteVacancies,
  useSyncSite,
} from './job-sites.queries';

const formatMoment = (iso: string) =>
  new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

const STATE_LABELS: Record<TJobSiteConnection['state'], string> = {
  active: 'подключён',
  paused: 'синхронизация на паузе',
  reconnect: 'нужно подключить заново',
};

/** The server's variables a site needs before companies can connect it. */
const SITE_KEYS: Record<TJobSite, string> = {
  hh: 'HH_CLIENT_ID и HH_CLIENT_SECRET',
  avito: 'AVITO_API_BASE',
  habr: 'HABR_CLIENT_ID и HABR_CLIENT_SECRET',
};

/** /hh, /avito, /habr: connect the company's account, link vacancies, sync responses. */
export function JobSiteScreen({ site }: { site: TJobSite }) {
  const name = JOB_SITE_NAMES[site];
  const title = `Интеграция с ${name}`;
  useDocumentTitle(title);
  const overview = useJobSites();
  const connect = useConnectSite();
  const [params] = useSearchParams();
  const returnedError = params.get('error');
  const configured = overview.data?.sites.find((s) => s.site === site)?.configured ?? false;
  const connections = overview.data?.connections.filter((c) => c.site === site) ?? [];

  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={`Отклики с ${name} попадают на первый этап связанной вакансии как кандидаты, без дублей.`}
      />
      {returnedError && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {returnedError}
        </p>
      )}
      {!overview.data ? (
        overview.isError ? (
          <EmptyState title="Не удалось загрузить состояние" description={overview.error.message} />
        ) : (
          <Spinner className="m-auto text-zinc-400" label="Загрузка" />
        )
      ) : !configured ? (
        <EmptyState
          icon={<BriefcaseIcon />}
          title={`${name} не настроен`}
          description={`Администратор сервера ещё не задал ключи приложения (${SITE_KEYS[site]}).`}
        />
      ) : (
        <>
          {connections.map((connection) => (
            <ConnectionCard key={connection.id} connection={connection} />
          ))}
          {site === 'avito' ? (
            <AvitoConnectForm />
          ) : (
            <Card className="flex flex-col items-start gap-4 p-6">
              <p className="text-sm text-zinc-700">
                {connections.length
                  ? 'Можно подключить ещё один аккаунт работодателя.'
                  : `Подключите аккаунт работодателя на ${name}: войдите как менеджер компании и разрешите доступ.`}
              </p>
              <Button onClick={() => connect.mutate({ site })} disabled={connect.isPending}>
                {`Подключить ${name}`}
              </Button>
            </Card>
          )}
        </>
      )}
    </section>
  );
}

/** Avito connects with the company's client credentials (Avito Pro → Настройки → API). */
function AvitoConnectForm() {
  const connect = useConnectSite();
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const errors = connect.error instanceof ApiError ? (connect.error.errors ?? {}) : {};
  return (
    <Card className="flex flex-col gap-4 p-6">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          connect.mutate({ site: 'avito', client_id: clientId, client_secret: clientSecret });
        }}
      >
        <p className="text-sm text-zinc-700">
          Укажите client_id и client_secret из раздела «API» в настройках Авито Pro.
        </p>
        <Field
          label="client_id"
          required
          {...(errors.client_id ? { error: errors.client_id } : {})}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="client_secret"
          required
          {...(errors.client_secret ? { error: errors.client_secret } : {})}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              value={clientSecret}
              onChange={(event) => setClientSecret(event.target.value)}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={connect.isPending}>
            Подключить Avito Работа
          </Button>
        </div>
      </form>
    </Card>
  );
}

function ConnectionCard({ connection }: { connection: TJobSiteConnection }) {
  const sync = useSyncSite(connection.id);
  const disconnect = useDisconnectSite(connection.id);
  const result = connection.last_sync_result;
  const progress = connection.sync_progress;
  return (
    <Card className="flex flex-col gap-5 p-6" data-testid="job-site-connection">
      <div>
        <h2 className="text-base font-semibold text-zinc-900">
          {connection.account_name ?? connection.external_account_id}
        </h2>
        <p className="text-sm text-zinc-700">Состояние: {STATE_LABELS[connection.state]}</p>
      </div>
      <dl className="grid gap-1 text-sm text-zinc-700">
        <div>
          <dt className="inline">Последняя синхронизация: </dt>
          <dd className="inline" data-testid="job-site-last-sync">
            {connection.last_sync_at
              ? `${formatMoment(connection.last_sync_at)}${
                  result
                    ? ` — новых кандидатов: ${result.imported}, уже в базе: ${result.matched}, пропущено: ${result.skipped}`
                    : ''
                }`
              : 'ещё не выполнялась'}
          </dd>
        </div>
        {progress?.running && (
          <div data-testid="job-site-progress">
            <dt className="inline">Идёт синхронизация: </dt>
            <dd className="inline">
              вакансий {progress.vacancies_done} из {progress.vacancies_total}, откликов
              просмотрено: {progress.responses_seen}
            </dd>
          </div>
        )}
        {result?.notes && result.notes.length > 0 && (
          <div data-testid="job-site-sync-notes">
            <dt>Замечания последней синхронизации:</dt>
            <dd>
              <ul className="list-disc pl-5 text-zinc-600">
                {result.notes.map((note, i) => (
                  <li key={i}>{note}</li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {connection.paused_until && (
          <div>
            <dt className="inline">Продолжится: </dt>
            <dd className="inline">{formatMoment(connection.paused_until)}</dd>
          </div>
        )}
      </dl>
      {connection.last_error && (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {connection.last_error}
        </p>
      )}
      <RemoteVacancies connectionId={connection.id} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => sync.mutate()}
          disabled={sync.isPending || progress?.running || connection.state === 'reconnect'}
        >
          Синхронизировать сейчас
        </Button>
        <Button
          variant="danger"
          onClick={() => disconnect.mutate()}
          disabled={disconnect.isPending}
        >
          Отключить
        </Button>
      </div>
    </Card>
  );
}

function RemoteVacancies({ connectionId }: { connectionId: number }) {
  const remote = useRemoteVacancies(connectionId);
  if (remote.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {remote.error.message}
      </p>
    );
  }
  if (!remote.data) return <Spinner className="text-zinc-400" label="Загрузка вакансий" />;
  if (remote.data.length === 0) {
    return <p className="text-sm text-zinc-600">На сайте нет активных вакансий.</p>;
  }
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-900">Вакансии на сайте</h3>
      <ul className="flex flex-col divide-y divide-zinc-100">
        {remote.data.map((vacancy) => (
          <RemoteVacancyRow
            key={vacancy.external_id}
            connectionId={connectionId}
            vacancy={vacancy}
          />
        ))}
      </ul>
    </div>
  );
}

function RemoteVacancyRow({
  connectionId,
  vacancy,
}: {
  connectionId: number;
  vacancy: TRemoteVacancy;
}) {
  const ours = useOurVacancies();
  const link = useLinkVacancy(connectionId);
  const [chosen, setChosen] = useState('');
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="remote-vacancy">
      <span className="min-w-48 flex-1">
        <strong>{vacancy.name}</strong>
        {vacancy.area ? `, ${vacancy.area}` : ''}
        {vacancy.responses !== null ? ` · откликов: ${vacancy.responses}` : ''}
      </span>
      {vacancy.vacancy_id ? (
        <span className="text-zinc-700">
          Связана с «{vacancy.vacancy_name ?? vacancy.vacancy_id}»
        </span>
      ) : (
        <>
          <Select
            aria-label={`Наша вакансия для «${vacancy.name}»`}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
          >
            <option value="">Выберите вакансию</option>
            {(ours.data?.vacancies ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.position}
              </option>
            ))}
          </Select>
          <Button
            variant="secondary"
            disabled={!chosen || link.isPending}
            onClick={() =>
              link.mutate({ external_id: vacancy.external_id, vacancy_id: Number(chosen) })
            }
          >
            Связать
          </Button>
        </>
      )}
    </li>
  );
}
