import { ArrowRightStartOnRectangleIcon, UserCircleIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TMe } from '@ats/contracts/me';
import { useLogout } from '../../shared/session/session.queries';
import { personDisplayName } from '@ats/contracts/person-name';

function initials(text: string) {
  const letters = text
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase());
  return letters.join('') || '?';
}

export function UserMenu({ me }: { me: TMe }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const displayName = personDisplayName(me);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-zinc-700 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none';

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="relative flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {/* The name is the button's text, so what it reads is what it says (no aria-label). */}
        <span className="sr-only">Меню пользователя</span>
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-indigo-100 text-xs font-semibold text-indigo-700"
        >
          {initials(displayName)}
        </span>
        <span className="hidden max-w-40 truncate text-sm text-zinc-700 sm:inline">
          {displayName}
        </span>
      </button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label="Меню пользователя"
          className="absolute right-0 z-40 mt-2 w-64 rounded-xl bg-white p-1 shadow-lg ring-1 ring-zinc-200"
        >
          <div className="border-b border-zinc-100 px-3 py-2">
            <p className="truncate text-sm font-medium text-zinc-900">{displayName}</p>
            <p className="truncate text-xs text-zinc-500">{me.email}</p>
          </div>
          <Link role="menuitem" to="/user" className={itemClass} onClick={() => setOpen(false)}>
            <UserCircleIcon className="size-5 text-zinc-400" aria-hidden="true" />
            Профиль
          </Link>
          <button
            role="menuitem"
            type="button"
            className={itemClass}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <ArrowRightStartOnRectangleIcon className="size-5 text-zinc-400" aria-hidden="true" />
            Выйти
          </button>
        </div>
      )}
    </div>
  );
}
