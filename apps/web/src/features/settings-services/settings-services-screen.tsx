import {
  BriefcaseIcon,
  CalendarDaysIcon,
  ChatBubbleLeftRightIcon,
  CodeBracketIcon,
  GlobeAltIcon,
} from '@heroicons/react/24/outline';
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

const TOOLS = [
  {
    title: 'Google Календарь',
    description: 'Собеседования в календаре рекрутера и нанимающего менеджера.',
    icon: <CalendarDaysIcon />,
  },
  {
    title: 'Telegram',
    description: 'Переписка с кандидатами в Telegram из карточки кандидата.',
    icon: <ChatBubbleLeftRightIcon />,
  },
];

export function SettingsServicesScreen() {
  return (
    <SettingsPage
      title="Сервисы"
      description="Сайты работы, календарь и мессенджеры, которые можно будет подключить к аккаунту."
    >
      <p role="note" className="text-sm text-zinc-600">
        Подключение сервисов появится в ближайших обновлениях. Пока кандидатов можно добавлять
        вручную, из файла резюме или импортом таблицы.
      </p>
      <section aria-labelledby="services-job-sites">
        <h2 id="services-job-sites" className="mb-3 text-base font-semibold text-zinc-900">
          Сайты работы
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {JOB_SITES.map((card) => (
            <ComingSoonCard key={card.title} {...card} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-tools">
        <h2 id="services-tools" className="mb-3 text-base font-semibold text-zinc-900">
          Календарь и мессенджеры
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {TOOLS.map((card) => (
            <ComingSoonCard key={card.title} {...card} />
          ))}
        </ul>
      </section>
    </SettingsPage>
  );
}
