import { Link } from 'react-router';
import { PageHeader } from '@ats/ui/page-header';
import { canOpenRoute } from '../../shared/session/route-access';
import { useCurrentUser } from '../../shared/session/session.queries';
import { useDocumentTitle } from '../../shared/use-document-title';
import { SETTINGS_SECTIONS } from './settings-sections';

export function SettingsOverviewScreen() {
  useDocumentTitle('Настройки');
  const me = useCurrentUser();
  const sections = SETTINGS_SECTIONS.filter((section) => canOpenRoute(section.name, me));
  return (
    <section>
      <PageHeader
        title="Настройки"
        description="Компания, пользователи, справочники и интеграции."
      />
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {sections.map(({ name, path, title, description, icon: Icon }) => (
          <li key={name}>
            <Link
              to={path}
              className="flex h-full gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 transition hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <Icon className="size-6 shrink-0 text-indigo-600" aria-hidden="true" />
              <span>
                <span className="block text-sm font-semibold text-zinc-900">{title}</span>
                <span className="mt-0.5 block text-sm text-zinc-500">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
