import { ClockIcon } from '@heroicons/react/24/outline';
import { lazy, Suspense, useState } from 'react';
import { Button, type ButtonSize } from '@ats/ui/button';

// The dialog's form is loaded when the button is pressed, not with the card or the list.
const DelayActionDialog = lazy(async () => ({
  default: (await import('./delay-action-dialog')).DelayActionDialog,
}));

type Props = { applicantIds: number[]; size?: ButtonSize };

/**
 * «Отложить действие» for the applicants given: the card, the list's bulk bar and the board's
 * card get it from their routes.
 */
export function DelayActionButton({ applicantIds, size = 'sm' }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size={size} variant="secondary" onClick={() => setOpen(true)}>
        <ClockIcon className="size-4" aria-hidden="true" />
        Отложить действие
      </Button>
      {open && (
        <Suspense fallback={null}>
          <DelayActionDialog applicantIds={applicantIds} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
