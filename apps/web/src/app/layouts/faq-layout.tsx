import { Link, NavLink, Outlet } from 'react-router';
import { buttonClassName } from '@ats/ui/button';
import { useMe } from '../../shared/session/session.queries';
import { Logo } from './logo';

const LINKS = [
  { to: '/static/faq', label: 'Помощь', end: false },
  { to: '/static/changelog', label: 'Что нового', end: true },
  { to: '/static/affiliate-program', label: 'Партнёрам', end: true },
];

const LEGAL = [
  { to: '/static/offer', label: 'Оферта' },
  { to: '/static/user-agreement', label: 'Пользовательское соглашение' },
  { to: '/static/privacy-policy', label: 'Политика конфиденциальности' },
  { to: '/static/privacy-agreement', label: 'Согласие на обработку данных' },
];

/** Public pages: help, changelog and legal texts, open with or without a session. */
export function FaqLayout() {
  const { data: me } = useMe();
  return (
    <div className="flex min-h-full flex-col">
      <header className="border-b border-zinc-200 bg-white">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-6 px-4">
          <Link
            to="/static/faq"
            className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Logo />
          </Link>
          <nav aria-label="Разделы справки" className="hidden gap-4 sm:flex">
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end}
                className={({ isActive }) =>
                  'text-sm ' +
                  (isActive ? 'font-medium text-zinc-900' : 'text-zinc-500 hover:text-zinc-800')
                }
              >
                {link.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto">
            <Link to={me ? '/' : '/auth/login'} className={buttonClassName('secondary', 'sm')}>
              {me ? 'Открыть приложение' : 'Войти'}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-zinc-200 bg-white">
        <nav
          aria-label="Документы"
          className="mx-auto flex max-w-5xl flex-wrap gap-x-6 gap-y-2 px-4 py-5 text-xs text-zinc-500"
        >
          {LEGAL.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-zinc-800">
              {link.label}
            </Link>
          ))}
        </nav>
      </footer>
    </div>
  );
}
