import type { ReactNode } from 'react';
import { Card } from '@ats/ui/card';

/** A feature that is not there yet, said plainly: a card with «Скоро» and no button. */
export function ComingSoonCard({
  title,
  description,
  icon,
}: {
  title: string;
  description: string;
  icon: ReactNode;
}) {
  return (
    <li>
      <Card className="flex h-full gap-3 p-4">
        <span className="text-zinc-400 [&>svg]:size-6" aria-hidden="true">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-zinc-900">{title}</h3>
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">
              Скоро
            </span>
          </div>
          <p className="mt-1 text-sm text-zinc-500">{description}</p>
        </div>
      </Card>
    </li>
  );
}
