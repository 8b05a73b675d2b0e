import { type ReactNode, useEffect, useRef } from 'react';

/** The white card of a public page (consent, booking, approval): wider than the sign-in card. */
export function PublicSheet({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="w-full max-w-2xl">
      <article
        aria-label={label}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-8"
      >
        {children}
      </article>
    </div>
  );
}

/** A title that takes the focus when it appears, so a screen reader hears what changed. */
export function FocusedHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className="text-xl font-semibold tracking-tight text-zinc-900 outline-none"
    >
      {children}
    </h1>
  );
}
