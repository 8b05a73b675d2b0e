import { EllipsisVerticalIcon } from '@heroicons/react/24/outline';
import { useEffect, useId, useRef, useState } from 'react';
import type { TRejectKind } from '@ats/contracts/pipeline';

type Props = {
  name: string;
  /** Present when the caller may reject on the card's stage of an open vacancy. */
  onReject?: ((kind: TRejectKind) => void) | undefined;
  /** «Назначить встречу», when the route composed the meeting dialog in. */
  onScheduleMeeting?: (() => void) | undefined;
  /** «Отложить действие», when the route composed the delayed-action dialog in. */
  onDelayAction?: (() => void) | undefined;
};

const REJECT_ITEMS: Array<{ kind: TRejectKind; label: string }> = [
  { kind: 'reject', label: 'Отказать' },
  { kind: 'refuse', label: 'Кандидат отказался' },
];

/**
 * The card's actions as a menu button: Enter/Space/↓ open it on the first item, arrows move,
 * Escape closes it and returns focus to the button.
 */
export function CardMenu({ name, onReject, onScheduleMeeting, onDelayAction }: Props) {
  const items = [
    ...(onScheduleMeeting
      ? [{ key: 'meeting', label: 'Назначить встречу', run: onScheduleMeeting }]
      : []),
    ...(onDelayAction ? [{ key: 'delay', label: 'Отложить действие', run: onDelayAction }] : []),
    ...(onReject
      ? REJECT_ITEMS.map((item) => ({
          key: item.kind,
          label: item.label,
          run: () => onReject(item.kind),
        }))
      : []),
  ];
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) {
        setOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onMenuKeyDown = (event: React.KeyboardEvent) => {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      close();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  };

  return (
    // The card is draggable by pointer; the menu must not start a drag.
    <div className="relative" onPointerDown={(e) => e.stopPropagation()}>
      <button
        ref={buttonRef}
        type="button"
        aria-label={`Действия: ${name}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className="rounded p-0.5 text-zinc-400 hover:text-zinc-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <EllipsisVerticalIcon className="size-4" aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={`Действия: ${name}`}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-20 mt-1 w-48 rounded-lg bg-white py-1 shadow-lg ring-1 ring-zinc-200"
        >
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                item.run();
              }}
              className="block w-full px-3 py-1.5 text-left text-sm text-zinc-800 hover:bg-zinc-100 focus:bg-zinc-100 focus:outline-none"
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
