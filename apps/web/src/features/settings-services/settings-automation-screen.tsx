import { BellAlertIcon, ClockIcon, EnvelopeIcon, MegaphoneIcon } from '@heroicons/react/24/outline';
import { SettingsPage } from '../../shared/settings/settings-page';
import { ComingSoonCard } from './coming-soon-card';

const RULES = [
  {
    title: 'Письмо при переходе на этап',
    description: 'Кандидат получает письмо по шаблону, когда попадает на выбранный этап.',
    icon: <EnvelopeIcon />,
  },
  {
    title: 'Напоминание о сроке на этапе',
    description: 'Рекрутер получает задачу, если кандидат задержался на этапе дольше срока.',
    icon: <ClockIcon />,
  },
  {
    title: 'Публикация при открытии вакансии',
    description: 'Открытая вакансия сразу публикуется на подключённых сайтах работы.',
    icon: <MegaphoneIcon />,
  },
  {
    title: 'Напоминание о собеседовании',
    description: 'Кандидат и интервьюеры получают напоминание накануне встречи.',
    icon: <BellAlertIcon />,
  },
];

export function SettingsAutomationScreen() {
  return (
    <SettingsPage
      title="Автоматизация"
      description="Правила, которые выполняют рутинные действия сами: «когда …, сделать …»."
    >
      <p role="note" className="text-sm text-zinc-600">
        Правила автоматизации появятся в ближайших обновлениях. Пока письма и задачи отправляются
        вручную из карточки кандидата.
      </p>
      <section aria-labelledby="automation-rules">
        <h2 id="automation-rules" className="mb-3 text-base font-semibold text-zinc-900">
          Правила
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {RULES.map((card) => (
            <ComingSoonCard key={card.title} {...card} />
          ))}
        </ul>
      </section>
    </SettingsPage>
  );
}
