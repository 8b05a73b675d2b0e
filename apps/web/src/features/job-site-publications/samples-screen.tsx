import { Link } from 'react-router';
import { Card } from '@ats/ui/card';
import { Spinner } from '@ats/ui/spinner';
import { JOB_SITE_NAMES } from '@ats/contracts/job-sites';
import { usePublicationSamples, usePublishedVacancies } from './publications.queries';

/** /remote-vacancies/SampleRemoteVacancy: publication forms saved per site. */
export function PublicationSamplesScreen() {
  const samples = usePublicationSamples();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Шаблоны публикаций</h1>
      {samples.isPending ? (
        <Spinner label="Загружаем шаблоны" />
      ) : samples.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить шаблоны.
        </p>
      ) : samples.data.length === 0 ? (
        <p className="text-sm text-zinc-500">
          Шаблонов пока нет: сохраните форму публикации кнопкой «Сохранить как шаблон».
        </p>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-100">
            {samples.data.map((s) => (
              <li key={s.id} className="py-2">
                <span className="font-medium">{s.name}</span>{' '}
                <span className="text-sm text-zinc-500">{JOB_SITE_NAMES[s.site]}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

/** /remote-vacancies/OwnVacancy: our vacancies and the sites they are published on. */
export function OwnVacanciesScreen() {
  const list = usePublishedVacancies('');
  const byVacancy = new Map<number, { name: string; sites: string[] }>();
  for (const p of list.data ?? []) {
    const entry = byVacancy.get(p.vacancy_id) ?? { name: p.vacancy_name ?? '', sites: [] };
    entry.sites.push(`${JOB_SITE_NAMES[p.site]}: ${p.state_name.toLocaleLowerCase('ru')}`);
    byVacancy.set(p.vacancy_id, entry);
  }
  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-semibold">Собственные вакансии на сайтах</h1>
      {list.isPending ? (
        <Spinner label="Загружаем вакансии" />
      ) : list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Не удалось загрузить вакансии.
        </p>
      ) : byVacancy.size === 0 ? (
        <p className="text-sm text-zinc-500">Ни одна вакансия пока не опубликована.</p>
      ) : (
        <Card>
          <ul className="divide-y divide-zinc-100">
            {[...byVacancy].map(([id, v]) => (
              <li key={id} className="py-2">
                <Link className="font-medium underline" to={`/vacancy/${id}`}>
                  {v.name}
                </Link>{' '}
                <span className="text-sm text-zinc-600">{v.sites.join(', ')}</span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}
