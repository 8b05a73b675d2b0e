import { BriefcaseIcon, CodeBracketIcon, GlobeAltIcon } from '@heroicons/react/24/outline';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SettingsPage } from '../../shared/settings/settings-page';
import { ComingSoonCard } from './coming-soon-card';

const JOB_SITES = [
  {
    title: 'hh.ru',
    description: 'Публикация вакансий, отклики и резюме с hh.ru прямо в воронке.',
    icon: <BriefcaseIcon />,
  },
  {
    title: 'Авито Работа',
    description: 'Вакансии на Авито и отклики кандидатов без ручного переноса.',
    icon: <GlobeAltIcon />,
  },
  {
    title: 'Хабр Карьера',
    description: 'Вакансии для разработчиков и отклики с Хабр Карьеры.',
    icon: <CodeBracketIcon />,
  },
];

type Props = {
  /** «Каналы переписки» (features/messaging: Telegram bots and mailboxes), composed by the route. */
  channels?: ReactNode;
};

export function SettingsServicesScreen({ channels }: Props) {
  return (
    <SettingsPage
      title="Сервисы"
      description="Каналы переписки с кандидатами, календарь и сайты работы, подключённые к аккаунту."
    >
      {channels}
      <section aria-labelledby="services-calendar">
        <h2 id="services-calendar" className="mb-1 text-base font-semibold text-zinc-900">
          Календарь
        </h2>
        <p className="text-sm text-zinc-600">
          Google Календарь каждый подключает сам на странице{' '}
          <Link to="/google" className="font-medium text-indigo-700 underline">
            Google Календарь
          </Link>
          .
        </p>
      </section>
      <section aria-labelledby="services-job-sites">
        <h2 id="services-job-sites" className="mb-3 text-base font-semibold text-zinc-900">
          Сайты работы
        </h2>
        <p className="mb-3 text-sm text-zinc-600">
          Подключение сайтов работы появится в ближайших обновлениях.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {JOB_SITES.map((card) => (
            <ComingSoonCard key={card.title} {...card} />
          ))}
        </ul>
      </section>
    </SettingsPage>
  );
}
