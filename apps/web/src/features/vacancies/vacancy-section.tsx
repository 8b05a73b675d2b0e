import { useId, type ReactNode } from 'react';
import { Card } from '@ats/ui/card';

/** A titled block of the vacancy page; a landmark region named by its title. */
export function VacancySection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={id} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}
