import { Bars3Icon, XMarkIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { cx } from '@ats/ui/class-names';
import type { DeviceClass } from '../../shared/breakpoints';
import { tariffTitle } from '../../shared/billing/billing.queries';
import { localNumericDate } from '../../shared/format/ru-format';
import { useAccountState, useMe } from '../../shared/session/session.queries';
import { useDeviceClass } from '../../shared/use-device-class';
import { ConfirmEmailBanner } from '../../features/account/confirm-email-banner';
import { CompanyLogo } from '../../features/settings-account/company-logo';
import { SupportChatLauncher } from '../../features/support-chat/support-chat-launcher';
import { MessagesHeaderLink } from '../../features/messaging/messages-header-link';
import { GuestShell } from './guest-layout';
import { Sidebar } from './sidebar';
import { UserMenu } from './user-menu';

// Loaded only when an account is switched off: its feedback form (and the form library) stays
// out of the first download of every other visit.
const DeactivatedScreen = lazy(async () => ({
  default: (await import('../../features/account/deactivated-screen')).DeactivatedScreen,
}));

/** The page's side padding for each layout. */
const PAGE_PADDING: Record<DeviceClass, string> = {
  phone: 'px-4',
  tablet: 'px-6',
  desktop: 'px-8',
};

/** The signed-in app: sidebar, top bar and the page; or the deactivated notice instead of all. */
export function DefaultLayout() {
  const { data: me } = useMe();
  const { data: account } = useAccountState();
  // Desktop keeps the sidebar beside the page; a phone or a tablet opens it as a drawer. The
  // class follows the window 50 ms after a resize stops (SPEC.md §9).
  const device = useDeviceClass();
  const desktop = device === 'desktop';
  // The drawer belongs to the device class it was opened on: it closes when the class changes.
  const [drawerOn, setDrawerOn] = useState<DeviceClass | null>(null);
  const drawerOpen = !desktop && drawerOn === device;
  const setDrawerOpen = (open: boolean) => setDrawerOn(open ? device : null);

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
    <div className="flex min-h-full" data-device={device}>
      {desktop && (
        <aside className="fixed inset-y-0 left-0 w-60">
          <Sidebar me={me} />
        </aside>
      )}
      {drawerOpen && (
        <div className="fixed inset-0 z-40">
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
      <div className={cx('flex min-w-0 flex-1 flex-col', desktop && 'pl-60')}>
        <header className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-zinc-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          {!desktop && (
            <button
              type="button"
              aria-label="Открыть меню"
              onClick={() => setDrawerOpen(true)}
              className="rounded-md p-1.5 text-zinc-600 hover:bg-zinc-100"
            >
              <Bars3Icon className="size-6" aria-hidden="true" />
            </button>
          )}
          <CompanyLogo />
          <p className="truncate text-sm text-zinc-500">{me.account_setting.company_name}</p>
          <div className="ml-auto flex items-center gap-3">
            {me.tariff_name && (
              <Link
                to="/settings/account"
                data-testid="header-tariff"
                className="hidden rounded-full bg-zinc-100 px-3 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-200 sm:block"
              >
                Тариф «{tariffTitle(me.tariff_name)}»
                {!me.tariff_is_active
                  ? ' не активен'
                  : me.tariff_end_at
                    ? ` до ${localNumericDate(new Date(me.tariff_end_at))}`
                    : ' без срока'}
              </Link>
            )}
            {me.member_type !== 'watcher' && <MessagesHeaderLink />}
            <UserMenu me={me} />
          </div>
        </header>
        {me.email_confirmed === false && <ConfirmEmailBanner />}
        <main className={cx('flex-1 py-6', PAGE_PADDING[device])}>
          <Outlet />
        </main>
      </div>
      <SupportChatLauncher />
    </div>
  );
}
