import { MagnifyingGlassIcon } from '@heroicons/react/20/solid';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@ats/ui/button';
import { Input } from '@ats/ui/input';

export function FaqSearchForm({ initial = '' }: { initial?: string }) {
  const [query, setQuery] = useState(initial);
  const navigate = useNavigate();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(`/static/faq/search?q=${encodeURIComponent(query.trim())}`);
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
          aria-label="Поиск по справке"
          placeholder="Например: как добавить кандидата"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="pl-9"
        />
      </div>
      <Button type="submit">Найти</Button>
    </form>
  );
}
