import { NavLink } from 'react-router';
import type { TMe } from '@ats/contracts/me';
import { canOpenRoute } from '../../shared/session/route-access';
import { Logo } from './logo';
import { NAV_GROUPS } from './nav-items';

export function Sidebar({ me, onNavigate }: { me: TMe; onNavigate?: () => void }) {
  return (
    <div className="flex h-full flex-col gap-4 bg-zinc-900 px-3 py-4 text-zinc-300">
      <div className="px-2">
        <Logo inverted />
      </div>
      <nav aria-label="Основная навигация" className="flex flex-1 flex-col gap-4 overflow-y-auto">
        {NAV_GROUPS.map((group, index) => {
          const items = group.items.filter((item) => canOpenRoute(item.routeName, me));
          if (items.length === 0) return null;
          return (
            <div key={group.label ?? index}>
              {group.label && (
                <p className="mb-1 px-2 text-xs font-medium uppercase tracking-wide text-zinc-400">
                  {group.label}
                </p>
              )}
              <ul className="flex flex-col gap-0.5">
                {items.map(({ label, to, icon: Icon, end }) => (
                  <li key={to}>
                    <NavLink
                      to={to}
                      end={end}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        'flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm transition-colors focus-visible:outline-2 focus-visible:outline-indigo-400 ' +
                        (isActive
                          ? 'bg-zinc-800 font-medium text-white'
                          : 'hover:bg-zinc-800/60 hover:text-white')
                      }
                    >
                      <Icon className="size-5 shrink-0" aria-hidden="true" />
                      {label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
    </div>
  );
}
