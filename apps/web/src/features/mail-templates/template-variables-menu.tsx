import { VariableIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { Button } from '@ats/ui/button';
import { useTemplateVariables } from './mail-templates.queries';

/**
 * The list of variables the API documents; choosing one inserts it (`%applicant.name%`) where the
 * cursor stood in the body.
 */
export function TemplateVariablesMenu({ onInsert }: { onInsert: (variable: string) => void }) {
  const variables = useTemplateVariables();
  const [open, setOpen] = useState(false);
  return (
    <div className="relative">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-haspopup="true"
        // Keep the editor's selection: the button must not take the focus on press.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
      >
        <VariableIcon className="size-4" aria-hidden="true" />
        Вставить переменную
      </Button>
      {open && (
        <ul
          aria-label="Переменные"
          className="absolute z-10 mt-1 max-h-72 w-80 overflow-auto rounded-lg bg-white p-1 shadow-lg ring-1 ring-zinc-200"
        >
          {(variables.data ?? []).map((item) => (
            <li key={item.variable}>
              <button
                type="button"
                className="flex w-full flex-col rounded-md px-2 py-1.5 text-left hover:bg-indigo-50 focus-visible:bg-indigo-50 focus-visible:outline-none"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => {
                  onInsert(item.variable);
                  setOpen(false);
                }}
              >
                <span className="text-sm text-zinc-900">{item.label}</span>
                <span className="font-mono text-xs text-zinc-500">{item.variable}</span>
              </button>
            </li>
          ))}
          {variables.isPending && <li className="px-2 py-1.5 text-sm text-zinc-500">Загрузка…</li>}
        </ul>
      )}
    </div>
  );
}
