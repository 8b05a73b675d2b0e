import { Link } from 'react-router';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../../shared/use-document-title';
import { SafetyCards } from './safety-cards';

const TITLE = 'Настройки — Безопасность';

export function SafetyScreen() {
  useDocumentTitle(TITLE);
  return (
    <section className="max-w-4xl">
      <Link
        to="/settings"
        className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800"
      >
        <ChevronLeftIcon className="size-4" aria-hidden="true" />
        Все настройки
      </Link>
      <PageHeader title={TITLE} description="Пароль, двухфакторный вход и активные сессии." />
      <div className="flex flex-col gap-6">
        <SafetyCards />
      </div>
    </section>
  );
}
