import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names';

export type DrawerProps = {
  open: boolean;
  onClose: () => void;
  /** The dialog's accessible name (what it shows, e.g. the applicant's name). */
  label: string;
  /** The bar above the content: navigation, the close button. */
  toolbar?: ReactNode;
  children: ReactNode;
  /** Keys pressed inside the panel (not in a dialog opened over it). */
  onKeyDown?: (event: KeyboardEvent) => void;
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal side panel over the page (full width on a phone): focus moves to the panel on open,
 * Tab is kept inside, Escape and the backdrop close it, and focus returns to the opener. Keys
 * meant for a dialog opened over it (its own Escape) are left to that dialog.
 */
export function Drawer({
  open,
  onClose,
  label,
  toolbar,
  children,
  onKeyDown,
  className,
}: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const handlers = useRef({ onClose, onKeyDown });
  useLayoutEffect(() => {
    handlers.current = { onClose, onKeyDown };
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    panel?.focus();

    const onDocumentKeyDown = (event: KeyboardEvent) => {
      if (!panel) return;
      const target = event.target as Node | null;
      // A dialog opened over the panel (a portal outside it) handles its own keys.
      const inside = target === document.body || (target !== null && panel.contains(target));
      if (!inside || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        handlers.current.onClose();
        return;
      }
      if (event.key === 'Tab') {
        const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (
          event.shiftKey &&
          (document.activeElement === first || document.activeElement === panel)
        ) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      handlers.current.onKeyDown?.(event);
    };
    document.addEventListener('keydown', onDocumentKeyDown);
    return () => {
      document.removeEventListener('keydown', onDocumentKeyDown);
      if (opener && opener !== document.body && opener.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-40 flex justify-end">
      <div
        className="absolute inset-0 bg-zinc-900/40 backdrop-blur-[1px]"
        aria-hidden="true"
        onClick={() => handlers.current.onClose()}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-label={label}
        tabIndex={-1}
        className={cx(
          'relative flex h-full w-full max-w-4xl flex-col bg-zinc-50 shadow-2xl ring-1 ring-zinc-200',
          'focus:outline-none',
          className,
        )}
      >
        {toolbar && (
          <div className="flex shrink-0 items-center gap-2 border-b border-zinc-200 bg-white px-3 py-2">
            {toolbar}
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto p-3 sm:p-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
