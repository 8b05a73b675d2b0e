import { Link } from 'react-router';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { EmptyState } from '@ats/ui/empty-state';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { findSettingsSection, type SettingsSectionName } from './settings-sections';

export function SettingsSectionScreen({ name }: { name: SettingsSectionName }) {
  const section = findSettingsSection(name);
  const title = `Настройки — ${section?.title ?? ''}`;
  useDocumentTitle(title);
  const Icon = section?.icon;
  return (
    <section>
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        Все настройки
      </Link>
      <PageHeader title={title} description={section?.description} />
      <EmptyState
        icon={Icon ? <Icon /> : undefined}
        title="Здесь пока пусто"
        description="Этот раздел настроек появится в ближайших обновлениях."
      />
    </section>
  );
}
