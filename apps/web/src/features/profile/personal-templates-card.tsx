import { Link } from 'react-router';
import { Card } from '@ats/ui/card';
import { canOpenRoute } from '../../shared/session/route-access';
import { useCurrentUser } from '../../shared/session/session.queries';
import { usePersonalTemplates } from './profile.queries';

export function PersonalTemplatesCard() {
  const me = useCurrentUser();
  const templates = usePersonalTemplates();
  const canManage = canOpenRoute('settings-mail-templates', me);
  const list = templates.data ?? [];
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-zinc-900">Мои шаблоны писем</h2>
          <p className="mt-1 text-sm text-zinc-500">Личные шаблоны, которые видите только вы.</p>
        </div>
        {canManage && (
          <Link
            to="/settings/mail-templates"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            Все шаблоны писем
          </Link>
        )}
      </div>
      {templates.isSuccess && list.length === 0 && (
        <p className="mt-4 text-sm text-zinc-500">Личных шаблонов пока нет.</p>
      )}
      {list.length > 0 && (
        <ul aria-label="Мои шаблоны писем" className="mt-3 divide-y divide-zinc-100 text-sm">
          {list.map((template) => (
            <li key={template.id} className="py-2">
              <span className="font-medium text-zinc-900">{template.name}</span>
              <span className="ml-2 text-zinc-500">{template.title}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
