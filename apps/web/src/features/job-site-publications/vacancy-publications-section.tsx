import { Link } from 'react-router';
import { Button } from '@ats/ui/button';
import { Card } from '@ats/ui/card';
import { Spinner } from '@ats/ui/spinner';
import { JOB_SITE_NAMES } from '@ats/contracts/job-sites';
import type { TPublication } from '@ats/contracts/job-site-publications';
import {
  usePublicationAction,
  usePublishedVacancies,
  useVacancyPublications,
} from './publications.queries';

const day = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long' }).format(new Date(iso))
    : null;

function PublicationRow({ publication }: { publication: TPublication }) {
  const action = usePublicationAction();
  const live = publication.state === 'published' || publication.state === 'moderation';
  return (
    <li data-testid="publication" className="flex flex-wrap items-center gap-3 py-2">
      <span className="font-medium">{JOB_SITE_NAMES[publication.site]}</span>
      {publication.vacancy_name && <span>«{publication.vacancy_name}»</span>}
      <span data-testid="publication-state" className="rounded bg-zinc-100 px-2 py-0.5 text-sm">
        {publication.state_name}
      </span>
      {publication.state === 'refused' && publication.refusal_reason && (
        <span className="text-sm text-red-700">Причина: {publication.refusal_reason}</span>
      )}
      {publication.expires_at && live && (
        <span className="text-sm text-zinc-500">до {day(publication.expires_at)}</span>
      )}
      {publication.archive_requested && (
        <span data-testid="publication-archive-requested" className="text-sm text-zinc-600">
          Будет снята с публикации
        </span>
      )}
      {publication.url && (
        <a className="text-sm underline" href={publication.url} target="_blank" rel="noreferrer">
          Открыть на сайте
        </a>
      )}
      {publication.state !== 'archived' && publication.external_id && (
        <Link
          className="text-sm underline"
          to={`/vacancy/${publication.vacancy_id}/publication/${publication.id}/edit`}
          aria-label={`Редактировать публикацию${publication.vacancy_name ? ` «${publication.vacancy_name}»` : ''}`}
        >
          Редактировать
        </Link>
      )}
      {publication.state === 'published' && (
        <Button
          size="sm"
          variant="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ id: publication.id, action: 'prolong' })}
        >
          Продлить
        </Button>
      )}
      {live && !publication.archive_requested && (
        <Button
          size="sm"
          variant="secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ id: publication.id, action: 'archive' })}
        >
          Снять с публикации
        </Button>
      )}
    </li>
  );
}

/** On the vacancy's card: where it is published and in what state, with prolong/archive. */
export function VacancyPublicationsSection({ vacancyId }: { vacancyId: number }) {
  const publications = useVacancyPublications(vacancyId);
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">Публикации на сайтах</h2>
        <div className="flex flex-wrap gap-3">
          <Link className="text-sm underline" to={`/vacancy/${vacancyId}/publication/create`}>
            Опубликовать на hh.ru
          </Link>
          <Link
            className="text-sm underline"
            to={`/vacancy/${vacancyId}/publication/create?site=avito`}
          >
            Опубликовать на Avito Работа
          </Link>
          <Link
            className="text-sm underline"
            to={`/vacancy/${vacancyId}/publication/create?site=habr`}
          >
            Опубликовать на Хабр Карьере
          </Link>
        </div>
      </div>
      {publications.isPending ? (
        <Spinner label="Загружаем публикации" />
      ) : publications.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить публикации.
        </p>
      ) : publications.data.length === 0 ? (
        <p className="text-sm text-zinc-500">Вакансия пока нигде не опубликована.</p>
      ) : (
        <ul className="divide-y divide-zinc-100">
          {publications.data.map((p) => (
            <PublicationRow key={p.id} publication={p} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /remote-vacancies: every publication of the company. */
export function PublicationsScreen() {
  const list = usePublishedVacancies('');
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Публикации</h1>
      <nav className="flex flex-wrap gap-4 text-sm" aria-label="Разделы публикаций">
        <Link className="underline" to="/remote-vacancies/RemoteVacancyHh">
          Вакансии hh.ru без связи
        </Link>
        <Link className="underline" to="/remote-vacancies/OwnVacancy">
          Собственные вакансии на сайтах
        </Link>
        <Link className="underline" to="/remote-vacancies/SampleRemoteVacancy">
          Шаблоны публикаций
        </Link>
      </nav>
      {list.isPending ? (
        <Spinner label="Загружаем публикации" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить публикации.
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-zinc-500">Вакансий на сайтах пока нет.</p>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-100">
            {list.data.map((p) => (
              <PublicationRow key={p.id} publication={p} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
