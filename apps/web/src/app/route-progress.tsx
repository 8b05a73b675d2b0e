import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

// SPEC.md §9: quick loads never flash the bar (200 ms throttle); it fills in at most 2 s.
export const PROGRESS_THROTTLE_MS = 200;
export const PROGRESS_DURATION_MS = 2000;

type Phase = 'idle' | 'running' | 'done';

export function RouteProgress() {
  const navigation = useNavigation();
  const fetching = useIsFetching() > 0;
  const busy = navigation.state !== 'idle' || fetching;
  const [phase, setPhase] = useState<Phase>('idle');

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase('running'), PROGRESS_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    // Finish the bar on the next tick, then hide it once the fill has been seen.
    const finish = window.setTimeout(
      () => setPhase((current) => (current === 'running' ? 'done' : current)),
      0,
    );
    const hide = window.setTimeout(() => setPhase('idle'), 300);
    return () => {
      window.clearTimeout(finish);
      window.clearTimeout(hide);
    };
  }, [busy]);

  // Sticking at 90 % while still busy would lie about progress, so after 2 s the bar hides.
  useEffect(() => {
    if (phase !== 'running') return;
    const timer = window.setTimeout(() => setPhase('done'), PROGRESS_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  if (phase === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Загрузка страницы"
      aria-busy={phase === 'running'}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5"
    >
      <div
        className="h-full origin-left bg-indigo-500 shadow-[0_0_8px] shadow-indigo-400"
        style={{
          transform: `scaleX(${phase === 'running' ? 0.9 : 1})`,
          opacity: phase === 'done' ? 0 : 1,
          transition:
            phase === 'running'
              ? `transform ${PROGRESS_DURATION_MS}ms cubic-bezier(0.1, 0.7, 0.3, 1)`
              : 'transform 150ms ease-out, opacity 250ms ease-in 100ms',
        }}
      />
    </div>
  );
}
