import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeftIcon } from '@heroicons/react/20/solid';
import { PageHeader } from '@ats/ui/page-header';
import { useDocumentTitle } from '../use-document-title';

type Props = {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Shown under the title when the user may look but not change. */
  readOnlyNote?: string | null;
  children: ReactNode;
};

/** The frame of a settings page: the way back to all settings, the title, and the page. */
export function SettingsPage({ title, description, actions, readOnlyNote, children }: Props) {
  const fullTitle = `Настройки — ${title}`;
  useDocumentTitle(fullTitle);
  return (
    <section className="flex flex-col gap-6">
      <div>
        <Link
          to="/settings"
          className="mb-3 inline-flex items-center gap-1 text-sm text-zinc-500 hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          Все настройки
        </Link>
        <PageHeader title={fullTitle} description={description} actions={actions} />
        {readOnlyNote && (
          <p role="note" className="-mt-3 text-sm text-zinc-600">
            {readOnlyNote}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

/** Loading and failure of a page's data, the same on every settings page. */
export function LoadState({
  isError,
  loadingLabel,
  errorText,
  onRetry,
}: {
  isError: boolean;
  loadingLabel: string;
  errorText: string;
  onRetry: () => void;
}) {
  if (!isError) {
    return (
      <div className="flex items-center gap-2 py-6 text-sm text-zinc-500">
        <SpinnerLabel label={loadingLabel} />
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 py-6 text-sm text-red-600">
      {errorText}
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md px-2 py-1 font-medium text-indigo-600 ring-1 ring-indigo-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        Повторить
      </button>
    </div>
  );
}

function SpinnerLabel({ label }: { label: string }) {
  return (
    <>
      <span
        className="size-4 animate-spin rounded-full border-2 border-zinc-300 border-t-indigo-600"
        aria-hidden="true"
      />
      <span role="status">{label}…</span>
    </>
  );
}
