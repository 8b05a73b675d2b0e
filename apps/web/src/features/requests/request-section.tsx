import { useId, type ReactNode } from 'react';
import { Card } from '@ats/ui/card';

/** A titled block of the request page; a landmark region named by its title. */
export function RequestSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-3 text-base font-semibold text-zinc-900">
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
