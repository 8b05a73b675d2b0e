import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { Tabs } from '@ats/ui/tabs';
import type { TJobSiteConnection } from '@ats/contracts/job-sites';
import type { TSiteVacancyList, TUnlinkedVacancy } from '@ats/contracts/job-site-remote-vacancies';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useSiteConnections } from './publications.queries';
import {
  useOpenVacancies,
  useTieSiteVacancy,
  useUnlinkedVacancies,
} from './remote-vacancies.queries';

const LISTS = ['active', 'archived'] as const;
const LIST_LABELS: Record<TSiteVacancyList, string> = {
  active: 'Активные',
  archived: 'В архиве',
};

const money = new Intl.NumberFormat('ru-RU');
const salaryOf = (v: TUnlinkedVacancy) => {
  if (v.salary_from === null && v.salary_to === null) return null;
  const currency = v.currency === 'RUR' || v.currency === 'RUB' ? '₽' : (v.currency ?? '');
  const from = v.salary_from !== null ? `от ${money.format(v.salary_from)}` : '';
  const to = v.salary_to !== null ? `до ${money.format(v.salary_to)}` : '';
  return [from, to, currency].filter(Boolean).join(' ');
};

/**
 * /remote-vacancies/RemoteVacancyHh: the employer's vacancies on hh.ru (active and archived, per
 * connected account, a page of the site at a time) that no vacancy of ours is linked to yet;
 * each is linked to one of ours or imported as a new one, and then leaves the list.
 */
export function RemoteVacanciesHhScreen() {
  const title = 'Вакансии hh.ru без связи';
  useDocumentTitle(title);
  const sites = useSiteConnections();
  const connections = sites.data?.connections.filter((c) => c.site === 'hh') ?? [];
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description="Вакансии работодателя на hh.ru, которые ещё не связаны с нашими: свяжите с вакансией или импортируйте — отклики пойдут на её доску."
      />
      {sites.isPending ? (
        <Spinner label="Загружаем подключения" />
      ) : sites.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить подключения к сайтам. Обновите страницу.
        </p>
      ) : connections.length === 0 ? (
        <EmptyState
          title="hh.ru не подключён"
          description="Подключите аккаунт работодателя, чтобы увидеть его вакансии."
          action={<Link to="/hh">Подключить hh.ru</Link>}
        />
      ) : (
        connections.map((c) => <ConnectionVacancies key={c.id} connection={c} />)
      )}
    </section>
  );
}

function ConnectionVacancies({ connection }: { connection: TJobSiteConnection }) {
  const [list, setList] = useState<TSiteVacancyList>('active');
  const [page, setPage] = useState(1);
  const vacancies = useUnlinkedVacancies(connection.id, list, page);
  const panelId = `hh-unlinked-${connection.id}`;
  const data = vacancies.data;
  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="hh-account">
      <h2 className="text-base font-semibold text-zinc-900">
        {connection.account_name ?? connection.external_account_id}
      </h2>
      <Tabs
        items={LISTS}
        value={list}
        onChange={(next) => {
          setList(next);
          setPage(1);
        }}
        labels={LIST_LABELS}
        label="Вакансии на hh.ru"
        idPrefix={`hh-list-${connection.id}`}
        panelId={panelId}
        variant="pills"
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`hh-list-${connection.id}-${list}`}>
        {vacancies.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {vacancies.error.message}
          </p>
        ) : !data ? (
          <Spinner label="Загружаем вакансии hh.ru" />
        ) : data.items.length === 0 ? (
          <p className="text-sm text-zinc-600">
            {data.found === 0
              ? `На hh.ru нет ${list === 'active' ? 'активных' : 'архивных'} вакансий.`
              : 'На этой странице все вакансии уже связаны с нашими.'}
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-zinc-100">
            {data.items.map((v) => (
              <UnlinkedRow key={v.external_id} connectionId={connection.id} vacancy={v} />
            ))}
          </ul>
        )}
      </div>
      {data && data.pages > 1 && (
        <nav className="flex items-center gap-3 text-sm" aria-label="Страницы списка hh.ru">
          <Button
            size="sm"
            variant="secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Назад
          </Button>
          <span>
            Страница {data.page} из {data.pages}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={page >= data.pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Дальше
          </Button>
        </nav>
      )}
    </Card>
  );
}

function UnlinkedRow({
  connectionId,
  vacancy,
}: {
  connectionId: number;
  vacancy: TUnlinkedVacancy;
}) {
  const ours = useOpenVacancies();
  const tie = useTieSiteVacancy(connectionId);
  const [chosen, setChosen] = useState('');
  const salary = salaryOf(vacancy);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 text-sm" data-testid="unlinked-vacancy">
      <span className="flex min-w-48 flex-1 flex-col">
        <strong>{vacancy.name}</strong>
        <span className="text-zinc-600">
          {[
            vacancy.area,
            salary,
            vacancy.responses !== null ? `откликов: ${vacancy.responses}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
        {vacancy.url && (
          <a className="underline" href={vacancy.url} target="_blank" rel="noreferrer">
            Открыть на hh.ru
          </a>
        )}
      </span>
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
        size="sm"
        variant="secondary"
        disabled={!chosen || tie.isPending}
        onClick={() => tie.mutate({ external_id: vacancy.external_id, vacancy_id: Number(chosen) })}
      >
        Связать
      </Button>
      <Button
        size="sm"
        disabled={tie.isPending}
        onClick={() => tie.mutate({ external_id: vacancy.external_id })}
      >
        Импортировать
      </Button>
    </li>
  );
}
