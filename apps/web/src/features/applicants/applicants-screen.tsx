import {
  AdjustmentsHorizontalIcon,
  ArrowDownTrayIcon,
  ArrowUpTrayIcon,
  MagnifyingGlassIcon,
  PlusIcon,
  UsersIcon,
  XMarkIcon,
} from '@heroicons/react/24/outline';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { APPLICANT_LIST_SORTS, type TApplicantListSort } from '@ats/contracts/applicant-list';
import { Button, buttonClassName } from '@ats/ui/button';
import { EmptyState } from '@ats/ui/empty-state';
import { Input } from '@ats/ui/input';
import { PageHeader } from '@ats/ui/page-header';
import { Select } from '@ats/ui/select';
import { Spinner } from '@ats/ui/spinner';
import { useDocumentTitle } from '../../shared/use-document-title';
import { ApplicantFiltersPanel } from './applicant-filters-panel';
import { formatFoundCount } from '../../shared/format/applicant-format';
import { ApplicantVirtualList } from './applicant-virtual-list';
import { useApplicantList } from './applicants.queries';
import { useCurrentUser } from '../../shared/session/session.queries';
import { BulkActionsBar } from './bulk-actions-bar';
import { defaultSort, SORT_LABELS } from './list-sorts';
import {
  compactFilters,
  countActiveFilters,
  exportListUrl,
  listParams,
  listStateFromUrl,
  listStateToUrl,
  type ApplicantFilters,
  type ApplicantListState,
} from './list-query';
import { ColumnPicker } from './column-picker';
import { readListColumns, saveListColumns, type ListColumn } from './list-columns';
import { SavedFilters } from './saved-filters';
import { useDebouncedValue } from '../../shared/use-debounced-value';

// The create and import dialogs (forms, photo, file parsing) are loaded when opened.
const CreateApplicantDialog = lazy(async () => ({
  default: (await import('./create-applicant-dialog')).CreateApplicantDialog,
}));
const ImportApplicantsDialog = lazy(async () => ({
  default: (await import('./import-dialog')).ImportApplicantsDialog,
}));

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  /** Actions of other features on the selection («Отложить действие»), composed by the route. */
  renderBulkActions?: (selectedIds: number[]) => ReactNode;
};

export function ApplicantsScreen({ renderBulkActions }: Props = {}) {
  useDocumentTitle('Кандидаты');
  const navigate = useNavigate();
  const me = useCurrentUser();
  // The address bar holds the search, the order and the filters: a reload, a shared link and
  // back/forward all show the same list.
  const [urlParams, setUrlParams] = useSearchParams();
  const urlState = useMemo(() => listStateFromUrl(urlParams), [urlParams]);
  const latestUrlState = useRef(urlState);
  useEffect(() => {
    latestUrlState.current = urlState;
  }, [urlState]);
  const { search, filters, drill, drillLabel } = urlState;
  // Undefined: the server's default order, which depends on whether a search is running.
  const sort = urlState.sort;
  const navigateList = useCallback(
    (change: Partial<ApplicantListState>, replace = false) =>
      setUrlParams(listStateToUrl({ ...latestUrlState.current, ...change }), { replace }),
    [setUrlParams],
  );
  const setFilters = (next: ApplicantFilters) => navigateList({ filters: compactFilters(next) });
  const setSort = (next: TApplicantListSort | undefined) => navigateList({ sort: next });

  const [searchText, setSearchText] = useState(search);
  // Back, forward or a link changed the search: the box shows it.
  const [shownSearch, setShownSearch] = useState(search);
  if (shownSearch !== search) {
    setShownSearch(search);
    if (searchText.trim() !== search) setSearchText(search);
  }
  const typedSearch = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS).trim();
  const navigateListRef = useRef(navigateList);
  useEffect(() => {
    navigateListRef.current = navigateList;
  }, [navigateList]);
  useEffect(() => {
    // Only when the typing pauses (not when the URL moves on its own, e.g. «Сбросить»): typing
    // replaces the entry instead of adding one per pause.
    if (typedSearch !== latestUrlState.current.search) {
      navigateListRef.current({ search: typedSearch }, true);
    }
  }, [typedSearch]);

  const [columns, setColumnsState] = useState<ListColumn[]>(() => readListColumns(me.id));
  const setColumns = (next: ListColumn[]) => {
    setColumnsState(next);
    saveListColumns(me.id, next);
  };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // A hiring manager who is an admin (SPEC §6) reads the applicants of their vacancies here;
  // adding, importing, exporting, saved filters and bulk changes are the recruiters' (issue 20).
  const recruiter = useCurrentUser().member_type !== 'watcher';

  // Relevance means nothing without a search; then the default order applies again.
  const effectiveSort = sort === 'relevance' && !search.trim() ? undefined : sort;
  const params = useMemo(
    () => listParams({ search, sort, filters, drill }),
    [search, sort, filters, drill],
  );
  const list = useApplicantList(params);
  const applicants = useMemo(
    () => list.data?.pages.flatMap((page) => page.applicants) ?? [],
    [list.data],
  );
  const total = list.data?.pages[0]?.applicant_count ?? 0;
  const capped = list.data?.pages[0]?.applicant_count_capped ?? false;
  const activeFilters = countActiveFilters(filters);

  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const openCard = useCallback((id: number) => void navigate(`/applicant/${id}`), [navigate]);
  const toggle = useCallback(
    (id: number) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = () =>
    setSelected((current) =>
      applicants.every((a) => current.has(a.id)) ? new Set() : new Set(applicants.map((a) => a.id)),
    );
  const resetAll = () => {
    setSearchText('');
    navigateList({ filters: {}, search: '', drill: undefined, drillLabel: undefined });
  };

  return (
    <section data-screen="applicants" data-ready={list.isSuccess ? 'true' : undefined}>
      <PageHeader
        title="Кандидаты"
        description={
          list.isSuccess ? formatFoundCount(total, capped) : 'Загружаем базу кандидатов…'
        }
        actions={
          recruiter && (
            <>
              <Button variant="secondary" onClick={() => setImportOpen(true)}>
                <ArrowUpTrayIcon className="size-5" aria-hidden="true" />
                Импорт
              </Button>
              <Button onClick={() => setCreateOpen(true)}>
                <PlusIcon className="size-5" aria-hidden="true" />
                Добавить кандидата
              </Button>
            </>
          )
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="relative min-w-60 flex-1">
          <MagnifyingGlassIcon
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-zinc-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Поиск кандидатов"
            placeholder="Имя, email, телефон, навыки или текст резюме"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            className="pl-10"
          />
        </div>
        <div className="w-56">
          <Select
            aria-label="Сортировка"
            value={effectiveSort ?? defaultSort(search.trim() !== '')}
            onChange={(e) => setSort(e.target.value as TApplicantListSort)}
          >
            {APPLICANT_LIST_SORTS.filter((value) => value !== 'relevance' || search.trim()).map(
              (value) => (
                <option key={value} value={value}>
                  {SORT_LABELS[value]}
                </option>
              ),
            )}
          </Select>
        </div>
        <Button
          variant="secondary"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <AdjustmentsHorizontalIcon className="size-5" aria-hidden="true" />
          Фильтры{activeFilters > 0 ? ` (${activeFilters})` : ''}
        </Button>
        {recruiter && (
          <SavedFilters
            filters={filters}
            search={searchText}
            sort={effectiveSort}
            onApply={(next, text, savedSort) => {
              setSearchText(text);
              navigateList({ filters: compactFilters(next), search: text.trim(), sort: savedSort });
            }}
          />
        )}
        <ColumnPicker columns={columns} onChange={setColumns} />
        {/* A plain link: the server answers with the file (Content-Disposition: attachment). */}
        {recruiter && (
          <a href={exportListUrl(params)} download className={buttonClassName('secondary')}>
            <ArrowDownTrayIcon className="size-5" aria-hidden="true" />
            Экспорт в Excel
          </a>
        )}
      </div>
      {drill && (
        <DrillChip
          label={drillLabel}
          onRemove={() => navigateList({ drill: undefined, drillLabel: undefined })}
        />
      )}
      {filtersOpen && (
        <ApplicantFiltersPanel
          // A new set (a saved one applied) re-seeds the panel's inputs.
          key={JSON.stringify(filters)}
          filters={filters}
          onApply={setFilters}
          onClose={() => setFiltersOpen(false)}
        />
      )}
      {recruiter && selected.size > 0 && (
        <BulkActionsBar
          selectedIds={[...selected]}
          onClear={() => setSelected(new Set())}
          extraActions={renderBulkActions?.([...selected])}
        />
      )}
      {list.isPending ? (
        <div className="flex justify-center py-16 text-zinc-500">
          <Spinner label="Загружаем кандидатов" className="[&>svg]:size-6" />
        </div>
      ) : list.isError ? (
        <EmptyState
          title="Не удалось загрузить кандидатов"
          description="Проверьте соединение и попробуйте ещё раз."
          action={<Button onClick={() => void list.refetch()}>Повторить</Button>}
        />
      ) : applicants.length === 0 ? (
        params.search || activeFilters > 0 || drill ? (
          <EmptyState
            icon={<MagnifyingGlassIcon />}
            title="Никого не нашли"
            description="Попробуйте изменить запрос или сбросить фильтры."
            action={
              <Button variant="secondary" onClick={resetAll}>
                Сбросить поиск и фильтры
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<UsersIcon />}
            title="Кандидатов пока нет"
            description={
              recruiter
                ? 'Добавьте первого кандидата вручную — он появится здесь.'
                : 'Здесь появятся кандидаты ваших вакансий.'
            }
            action={
              recruiter && <Button onClick={() => setCreateOpen(true)}>Добавить кандидата</Button>
            }
          />
        )
      ) : (
        <ApplicantVirtualList
          applicants={applicants}
          selected={selected}
          onToggle={toggle}
          onToggleAll={toggleAll}
          onOpen={openCard}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={loadMore}
          columns={columns}
          sort={effectiveSort ?? defaultSort(search !== '')}
          onSort={setSort}
        />
      )}
      {createOpen && (
        <Suspense fallback={null}>
          <CreateApplicantDialog open onClose={() => setCreateOpen(false)} />
        </Suspense>
      )}
      {importOpen && (
        <Suspense fallback={null}>
          <ImportApplicantsDialog open onClose={() => setImportOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}

/**
 * The list opened from a count of the analytics: says which count, and takes the list back to
 * everyone when removed (the drill stays in the address until then, so a reload keeps it).
 */
function DrillChip({ label, onRemove }: { label: string | undefined; onRemove: () => void }) {
  const text = `Из аналитики: ${label ?? 'кандидаты из отчёта'}`;
  return (
    <div className="mb-4 flex" role="group" aria-label="Фильтр из аналитики">
      <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-800 ring-1 ring-indigo-200 ring-inset">
        {text}
        <button
          type="button"
          onClick={onRemove}
          aria-label="Убрать фильтр из аналитики"
          title="Убрать фильтр из аналитики"
          className="rounded-full p-0.5 text-indigo-600 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <XMarkIcon className="size-4" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
