import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAccountState, useMe } from '../../shared/session/session.queries';
import { CompanyLogo } from '../../features/settings-account/company-logo';
import { GuestShell } from './guest-layout';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

// Loaded only when an account is switched off: its feedback form (and the form library) stays
// out of the first download of every other visit.
const DeactivatedScreen = lazy(async () => ({
  default: (await import('../../features/account/deactivated-screen')).DeactivatedScreen,
}));

/** The signed-in app: sidebar, top bar and the page; or the deactivated notice instead of all. */
export function DefaultLayout() {
  const { data: me } = useMe();
  const { data: account } = useAccountState();
  const [drawerOpen, setDrawerOpen] = useState(false);

  // The loader guarantees a user; this covers the moment a session ends while on the page.
  if (!me) return <Navigate to="/auth/login" replace />;
  if (account?.state === 'deactivated') {
    return (
      <GuestShell>
        <Suspense fallback={null}>
          <DeactivatedScreen />
        </Suspense>
      </GuestShell>
    );
  }

  return (
    <div className="flex min-h-full">
      <aside className="fixed inset-y-0 left-0 hidden w-60 lg:block">
        <Sidebar me={me} />
      </aside>
      {drawerOpen && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <div
            className="absolute inset-0 bg-zinc-900/50"
            aria-hidden="true"
            onClick={() => setDrawerOpen(false)}
          />
          <div className="relative h-full w-64">
            <Sidebar me={me} onNavigate={() => setDrawerOpen(false)} />
            <button
              type="button"
              aria-label="Закрыть меню"
              onClick={() => setDrawerOpen(false)}
              className="absolute top-3 right-3 rounded-md p-1 text-zinc-400 hover:text-white"
            >
              <XMarkIcon className="size-5" aria-hidden="true" />
            </button>
          </div>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col lg:pl-60">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            aria-label="Открыть меню"
            onClick={() => setDrawerOpen(true)}
            className="rounded-md p-1.5 text-zinc-600 hover:bg-zinc-100 lg:hidden"
          >
            <Bars3Icon className="size-6" aria-hidden="true" />
          </button>
          <CompanyLogo />
          <p className="truncate text-sm text-zinc-500">{me.account_setting.company_name}</p>
          <div className="ml-auto">
            <UserMenu me={me} />
          </div>
        </header>
        <main className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
