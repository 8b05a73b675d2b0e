import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { Logo } from './logo';

/** Centered single-column page for sign-in, errors and the deactivated-account notice. */
export function GuestShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-indigo-50/60 to-zinc-50">
      <header className="px-6 py-5">
        <Link
          to="/"
          className="inline-flex rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Logo />
        </Link>
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-16 sm:items-center">
        {children}
      </main>
      <footer className="px-6 py-4 text-center text-xs text-zinc-500">
        <Link to="/static/faq" className="hover:text-zinc-800">
          Помощь
        </Link>
        <span className="mx-2">·</span>
        <Link to="/static/privacy-policy" className="hover:text-zinc-800">
          Политика конфиденциальности
        </Link>
        <span className="mx-2">·</span>
        <Link to="/static/user-agreement" className="hover:text-zinc-800">
          Пользовательское соглашение
        </Link>
      </footer>
    </div>
  );
}

export function GuestLayout() {
  return (
    <GuestShell>
      <Outlet />
    </GuestShell>
  );
}
