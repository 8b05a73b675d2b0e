import {
  AdjustmentsHorizontalIcon,
  BoltIcon,
  BuildingOffice2Icon,
  ClipboardDocumentCheckIcon,
  ClipboardDocumentListIcon,
  CreditCardIcon,
  DocumentCheckIcon,
  DocumentTextIcon,
  EnvelopeIcon,
  FunnelIcon,
  HandThumbDownIcon,
  LockClosedIcon,
  PuzzlePieceIcon,
  ShieldCheckIcon,
  TagIcon,
  UsersIcon,
} from '@heroicons/react/24/outline';
import type { SETTINGS_SUBPAGES } from '../../shared/session/route-access';
import type { HeroIcon } from '../../shared/icons/icon-list';

export type SettingsSectionName = (typeof SETTINGS_SUBPAGES)[number];

export type SettingsSection = {
  name: SettingsSectionName;
  path: string;
  title: string;
  description: string;
  icon: HeroIcon;
};

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    name: 'settings-common',
    path: '/settings/common',
    title: 'Общие',
    description: 'Часовой пояс, валюта, рабочая неделя и календарь.',
    icon: AdjustmentsHorizontalIcon,
  },
  {
    name: 'settings-account',
    path: '/settings/account',
    title: 'Аккаунт',
    description: 'Название компании, ИНН, логотип и тариф.',
    icon: CreditCardIcon,
  },
  {
    name: 'settings-edit-users',
    path: '/settings/edit-users',
    title: 'Пользователи',
    description: 'Сотрудники, роли и права доступа.',
    icon: UsersIcon,
  },
  {
    name: 'settings-divisions',
    path: '/settings/divisions',
    title: 'Отделы',
    description: 'Структура компании для вакансий.',
    icon: BuildingOffice2Icon,
  },
  {
    name: 'settings-funnels',
    path: '/settings/funnels',
    title: 'Воронки и этапы',
    description: 'Этапы найма, их цвета, сроки и права.',
    icon: FunnelIcon,
  },
  {
    name: 'settings-request-templates',
    path: '/settings/request-templates',
    title: 'Шаблоны заявок',
    description: 'Поля заявки на подбор и маршрут её согласования.',
    icon: DocumentCheckIcon,
  },
  {
    name: 'settings-reject-reasons',
    path: '/settings/reject-reasons',
    title: 'Причины отказа',
    description: 'Почему кандидаты не проходят отбор.',
    icon: HandThumbDownIcon,
  },
  {
    name: 'settings-mail-templates',
    path: '/settings/mail-templates',
    title: 'Шаблоны писем',
    description: 'Письма кандидатам и приглашения.',
    icon: EnvelopeIcon,
  },
  {
    name: 'settings-tags',
    path: '/settings/tags',
    title: 'Теги',
    description: 'Метки для кандидатов.',
    icon: TagIcon,
  },
  {
    name: 'settings-resume-sources',
    path: '/settings/resume/sources',
    title: 'Источники резюме',
    description: 'Откуда приходят кандидаты.',
    icon: DocumentTextIcon,
  },
  {
    name: 'settings-candidate-evaluation-forms',
    path: '/settings/candidate-evaluation-forms',
    title: 'Формы оценки кандидатов',
    description: 'Анкеты для оценки после интервью.',
    icon: ClipboardDocumentCheckIcon,
  },
  {
    name: 'settings-automation',
    path: '/settings/automation',
    title: 'Автоматизация',
    description: 'Автоматические действия при смене этапа.',
    icon: BoltIcon,
  },
  {
    name: 'settings-services',
    path: '/settings/services',
    title: 'Сервисы',
    description: 'Подключённые сайты работы и мессенджеры.',
    icon: PuzzlePieceIcon,
  },
  {
    name: 'settings-privacy',
    path: '/settings/privacy',
    title: 'Согласие на обработку данных',
    description: 'Текст согласия по 152-ФЗ и запрос кандидатам.',
    icon: LockClosedIcon,
  },
  {
    name: 'settings-safety',
    path: '/settings/safety',
    title: 'Безопасность',
    description: 'Сессии и доступ к данным.',
    icon: ShieldCheckIcon,
  },
  {
    name: 'settings-audit',
    path: '/settings/audit',
    title: 'Журнал действий',
    description: 'Кто, когда и откуда входил и что менял.',
    icon: ClipboardDocumentListIcon,
  },
];

export const findSettingsSection = (name: SettingsSectionName) =>
  SETTINGS_SECTIONS.find((section) => section.name === name);
