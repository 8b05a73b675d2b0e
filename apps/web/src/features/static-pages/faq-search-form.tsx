import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@ats/ui/button';
import { Input } from '@ats/ui/input';
import { Highlighted } from '../../shared/faq/highlight';
import { useInstructionSuggestions } from '../../shared/faq/instructions.queries';
import { useDebouncedValue } from '../../shared/use-debounced-value';

/** The help search box: suggestions while typing (arrows and Enter), the search on submit. */
export function FaqSearchForm({ initial = '' }: { initial?: string }) {
  const [query, setQuery] = useState(initial);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const navigate = useNavigate();
  const listId = useId();
  const typed = useDebouncedValue(query.trim(), 150);
  const { data: suggestions = [] } = useInstructionSuggestions(open ? typed : '');
  const shown = open && typed !== '' ? suggestions : [];

  const search = () => {
    const q = query.trim();
    if (!q) return;
    setOpen(false);
    void navigate(`/static/faq/search?q=${encodeURIComponent(q)}`);
  };
  const openArticle = (slug: string) => {
    setOpen(false);
    void navigate(`/static/faq/${slug}`);
  };

  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const picked = shown[active];
        if (picked) openArticle(picked.slug);
        else search();
      }}
      className="flex gap-2"
    >
      <div className="relative flex-1">
        <MagnifyingGlassIcon
          className="pointer-events-none absolute top-3 left-3 size-4 text-zinc-400"
          aria-hidden="true"
        />
        <Input
          type="search"
          role="combobox"
          aria-label="Поиск по справке"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="Например: как добавить кандидата"
          value={query}
          autoComplete="off"
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' && shown.length > 0) {
              e.preventDefault();
              setActive((a) => (a + 1) % shown.length);
            } else if (e.key === 'ArrowUp' && shown.length > 0) {
              e.preventDefault();
              setActive((a) => (a <= 0 ? shown.length - 1 : a - 1));
            } else if (e.key === 'Escape') {
              setOpen(false);
            }
          }}
          className="pl-9"
        />
        {shown.length > 0 && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Подсказки"
            className="absolute z-10 mt-1 w-full overflow-hidden rounded-lg bg-white shadow-lg ring-1 ring-zinc-200"
          >
            {shown.map((s, i) => (
              <li
                key={s.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  openArticle(s.slug);
                }}
                className={
                  'cursor-pointer px-4 py-2 text-sm text-zinc-800 ' +
                  (i === active ? 'bg-indigo-50' : 'hover:bg-zinc-50')
                }
              >
                <Highlighted parts={s.title_highlight} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <Button type="submit">Найти</Button>
    </form>
  );
}
