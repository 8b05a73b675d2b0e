import {
  BriefcaseIcon,
  CalendarDaysIcon,
  ChartBarIcon,
  ClipboardDocumentListIcon,
  ClockIcon,
  Cog6ToothIcon,
  DocumentDuplicateIcon,
  GlobeAltIcon,
  MegaphoneIcon,
  QuestionMarkCircleIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import type { HeroIcon } from '../../shared/icons/icon-list';

export type NavItem = {
  label: string;
  to: string;
  icon: HeroIcon;
  /** Route name checked against the role table; unnamed items are visible to everyone. */
  routeName?: string;
  end?: boolean;
};

export type NavGroup = { label?: string; items: NavItem[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    items: [
      { label: 'Вакансии', to: '/', icon: BriefcaseIcon, end: true },
      { label: 'Кандидаты', to: '/applicants', icon: UsersIcon, routeName: 'applicants' },
      {
        label: 'Дубликаты',
        to: '/applicant/doubles',
        icon: DocumentDuplicateIcon,
        routeName: 'applicant-doubles',
      },
      { label: 'Аналитика', to: '/analytics', icon: ChartBarIcon, routeName: 'analytics' },
      { label: 'Календарь', to: '/events', icon: CalendarDaysIcon },
      { label: 'Заявки', to: '/requests', icon: ClipboardDocumentListIcon },
      { label: 'Отложенные задачи', to: '/delayed-tasks', icon: ClockIcon },
      { label: 'Публикации', to: '/remote-vacancies', icon: MegaphoneIcon },
    ],
  },
  {
    label: 'Интеграции',
    items: [
      { label: 'hh.ru', to: '/hh', icon: GlobeAltIcon },
      { label: 'Avito', to: '/avito', icon: GlobeAltIcon },
      { label: 'Habr', to: '/habr', icon: GlobeAltIcon },
      { label: 'Google', to: '/google', icon: GlobeAltIcon },
    ],
  },
  {
    items: [
      { label: 'Настройки', to: '/settings', icon: Cog6ToothIcon, routeName: 'settings' },
      { label: 'Помощь', to: '/static/faq', icon: QuestionMarkCircleIcon },
    ],
  },
];
