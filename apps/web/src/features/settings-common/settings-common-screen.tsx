import { Link } from 'react-router';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { Card } from '@ats/ui/card';
import { PageHeader } from '@ats/ui/page-header';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useCurrentUser } from '../../shared/session/session.queries';
import { CommonSettingsForm } from './common-settings-form';
import { DeadlineHelper } from './deadline-helper';
import { ProductionCalendar } from './production-calendar';
import { useCommonSettings } from './settings-common.queries';

const READ_ONLY = 'Изменять общие настройки и календарь компании может только администратор.';

export function SettingsCommonScreen() {
  useDocumentTitle('Настройки — Общие');
  const me = useCurrentUser();
  // The server's rule (common-settings.policy): an admin recruiter changes, everyone reads.
  const canEdit = me.member_type === 'owner' && me.is_admin;
  const settings = useCommonSettings();

  return (
    <section className="flex flex-col gap-6">
      <div>
        <Link
          to="/settings"
          className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800"
        >
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          Все настройки
        </Link>
        <PageHeader
          title="Настройки — Общие"
          description="Часовой пояс, валюта, рабочая неделя и производственный календарь для сроков."
        />
        {!canEdit && (
          <p role="note" className="mt-2 text-sm text-zinc-600">
            {READ_ONLY}
          </p>
        )}
      </div>

      <Card className="p-6">
        <h2 className="mb-4 text-base font-semibold text-zinc-900">Значения по умолчанию</h2>
        {settings.data ? (
          <CommonSettingsForm settings={settings.data} canEdit={canEdit} />
        ) : settings.isError ? (
          <p className="text-sm text-red-600">Не удалось загрузить настройки</p>
        ) : (
          <Spinner label="Загрузка настроек" />
        )}
      </Card>

      <Card className="p-6">
        <h2 className="mb-4 text-base font-semibold text-zinc-900">Посчитать срок</h2>
        <DeadlineHelper />
      </Card>

      <Card className="p-6">
        <h2 className="mb-4 text-base font-semibold text-zinc-900">Производственный календарь</h2>
        <ProductionCalendar canEdit={canEdit} />
      </Card>
    </section>
  );
}
