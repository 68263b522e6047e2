"use client";

import { keepPreviousData, useInfiniteQuery, type InfiniteData, type QueryKey, type UseInfiniteQueryOptions, type UseInfiniteQueryResult } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { useMemo, useState, type ReactNode } from "react";
import { ExportCsvLink } from "@/components/common/export-csv-link";
import { SearchFilter } from "@/components/common/search-filter";
import { TableEmptyRow, TableLoadingRows } from "@/components/common/table-state";
import { useDebouncedValue } from "@/components/common/use-debounced-value";
import { ErrorAlert } from "@/components/errors/error-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableHeader, TableRow } from "@/components/ui/table";
import type { CursorPage } from "@/lib/api/paging";
import { LIST_SEARCH_MAX, searchFromUrl } from "@/lib/sorting";
import { cn } from "@/lib/utils";

// The one way a screen shows a cursor list: a search box asking the server once typing pauses, the pages of the
// infinite query as one list of rows, placeholder rows while the first page loads, a line when there is none, the
// failure with a retry, and "load more" while another page exists. The screen renders the rows.

/** How long the search box waits after the last key before the list asks the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type RowsPage = CursorPage & { items: { id: string }[] };

export interface PagedListState<TPage extends RowsPage = RowsPage> {
  query: UseInfiniteQueryResult<InfiniteData<TPage>, Error>;
  /** The loaded pages' rows, each once (a row that moved between two pages' reads is not shown twice). */
  rows: TPage["items"];
  /** The search box's text, as typed. */
  search: string;
  setSearch: (search: string) => void;
  /** The search the list was asked with: trimmed, once typing paused. */
  searched: string;
}

function uniqueRows<TItem extends { id: string }>(pages: { items: TItem[] }[] | undefined): TItem[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.items).filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/**
 * A list's state: `options` gives the list's query for a search (ignore it when the list has no search box);
 * `keepPrevious` keeps the rows shown while another search or filter loads.
 */
export function usePagedList<TPage extends RowsPage, TKey extends QueryKey>(
  options: (searched: string) => UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, string>,
  { initialSearch = "", keepPrevious = false }: { initialSearch?: string; keepPrevious?: boolean } = {},
): PagedListState<TPage> {
  const [search, setSearch] = useState(initialSearch);
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useInfiniteQuery<TPage, Error, InfiniteData<TPage>, TKey, string>({
    ...options(searched),
    placeholderData: keepPrevious ? keepPreviousData : undefined,
  });
  const rows = useMemo(() => uniqueRows(query.data?.pages), [query.data]);
  return { query, rows, search, setSearch, searched };
}

/**
 * A list page's list, its search kept in the URL (?search=): a filtered list is a link one can share, reload or go back
 * to, and the page's server prefetches it as asked (searchFromUrl). The address follows each key without a navigation
 * (Next's patched replaceState keeps useSearchParams in step): written as the key is typed, it never races a click
 * that leaves the page while the list's own request waits for typing to pause.
 */
export function useUrlPagedList<TPage extends RowsPage, TKey extends QueryKey>(
  options: (searched: string) => UseInfiniteQueryOptions<TPage, Error, InfiniteData<TPage>, TKey, string>,
  { keepPrevious = true }: { keepPrevious?: boolean } = {},
): PagedListState<TPage> {
  const params = useSearchParams();
  const pathname = usePathname();
  const list = usePagedList(options, { initialSearch: searchFromUrl(params), keepPrevious });
  const setSearch = (search: string) => {
    list.setSearch(search);
    const wanted = search.trim().slice(0, LIST_SEARCH_MAX);
    if (searchFromUrl(params) === wanted) return;
    const next = new URLSearchParams(params.toString());
    next.delete("cursor");
    if (wanted) next.set("search", wanted);
    else next.delete("search");
    const query = next.toString();
    // Given no state of its own, Next's replaceState keeps the router's.
    window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
  };
  return { ...list, setSearch };
}

export interface LoadMore {
  label: string;
  testId?: string;
  variant?: "ghost" | "outline";
  className?: string;
}

interface PagedListProps<TPage extends RowsPage> {
  list: PagedListState<TPage>;
  /** The search box above the list: its hint (its placeholder and accessible name) and test id. */
  search?: { label: string; testId: string };
  /** The list's CSV export with the query it shows (its `.csv` route, apiUrl): "Export CSV" above the list. */
  exportCsv?: string;
  /** Shown while the first page loads. */
  loading: ReactNode;
  /** Shown when the list has no row; without it, the rows' renderer is given the empty list. */
  empty?: ReactNode;
  /** How a failure shows (by default the error alert, with a retry). */
  failure?: (message: string, retry: () => void) => ReactNode;
  /** The button under the rows while another page exists; without it, the first page only (a dashboard card). */
  loadMore?: LoadMore;
  /** What holds the rows and the button (by default, nothing: one after the other). */
  frame?: (body: ReactNode, more: ReactNode) => ReactNode;
  children: (rows: TPage["items"]) => ReactNode;
}

const unframed = (body: ReactNode, more: ReactNode) => (
  <>
    {body}
    {more}
  </>
);

/** A paged list: failing before any row, only the failure; failing later (a page more, a refresh), the rows and then it. */
export function PagedList<TPage extends RowsPage>({ list, search, exportCsv, loading, empty, failure, loadMore, frame = unframed, children }: PagedListProps<TPage>) {
  const t = useTranslations("errors");
  const { query, rows } = list;
  // A next page that failed is asked again; any other failure refreshes the list.
  const retry = () => void (query.isFetchNextPageError ? query.fetchNextPage() : query.refetch());
  const showFailure = failure ?? ((message, onRetry) => <ErrorAlert message={t("loadingContent", { error: message })} onRetry={onRetry} />);
  const failed = query.error ? showFailure(query.error.message, retry) : null;
  const more =
    loadMore && query.hasNextPage ? (
      // Never a form's submit: a list may sit in one (a dialog's device picker).
      <Button
        type="button"
        variant={loadMore.variant ?? "ghost"}
        size="sm"
        className={loadMore.className}
        busy={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
        data-testid={loadMore.testId}
      >
        {loadMore.label}
      </Button>
    ) : null;
  const body = query.isPending ? loading : rows.length === 0 && empty !== undefined ? empty : children(rows);
  return (
    <>
      {exportCsv ? (
        <div className="flex items-start justify-end gap-2">
          {search && <SearchFilter value={list.search} onChange={list.setSearch} label={search.label} testId={search.testId} className="min-w-0 flex-1" />}
          <ExportCsvLink href={exportCsv} className="mb-3 shrink-0" />
        </div>
      ) : (
        search && <SearchFilter value={list.search} onChange={list.setSearch} label={search.label} testId={search.testId} />
      )}
      {failed && !query.data ? failed : frame(body, more)}
      {failed && query.data && <div className="mt-3">{failed}</div>}
    </>
  );
}

interface PagedTableProps<TPage extends RowsPage> extends Omit<PagedListProps<TPage>, "loading" | "empty" | "frame" | "loadMore"> {
  testId: string;
  /** The head cells. */
  header: ReactNode;
  columns: number;
  loadingRows?: number;
  /** The text of the one row shown when there is none. */
  empty?: ReactNode;
  emptyTestId?: string;
  loadMore: LoadMore;
  cardClassName?: string;
}

/** A paged list as a table in a card, "load more" under it. */
export function PagedTable<TPage extends RowsPage>({ testId, header, columns, loadingRows, empty, emptyTestId, cardClassName, ...props }: PagedTableProps<TPage>) {
  return (
    <PagedList
      {...props}
      loading={<TableLoadingRows columns={columns} rows={loadingRows} />}
      empty={
        empty === undefined ? undefined : (
          <TableEmptyRow columns={columns} testId={emptyTestId}>
            {empty}
          </TableEmptyRow>
        )
      }
      frame={(body, more) => (
        <Card className={cn("gap-0 py-0", cardClassName)}>
          <Table data-testid={testId}>
            <TableHeader>
              <TableRow>{header}</TableRow>
            </TableHeader>
            <TableBody>{body}</TableBody>
          </Table>
          {more && <div className="border-t p-2 text-center">{more}</div>}
        </Card>
      )}
    />
  );
}

interface PagedPanelProps<TPage extends RowsPage> extends Omit<PagedListProps<TPage>, "loading" | "empty" | "frame" | "search" | "loadMore"> {
  /** The accessible name of the placeholder shown while the first page loads. */
  loadingLabel: string;
  loadingRows: number;
  /** Faded while the list shown is not yet the one asked for. */
  dimmed?: boolean;
  /** Under the card, beside "load more": how many rows are shown. */
  count: { text: string; testId: string };
  loadMore: LoadMore;
}

/** A paged list whose rows render as a whole (a table with its own empty line) in a card, with their count under it. */
export function PagedPanel<TPage extends RowsPage>({ loadingLabel, loadingRows, dimmed = false, count, ...props }: PagedPanelProps<TPage>) {
  const { query, rows } = props.list;
  return (
    <PagedList
      {...props}
      loading={
        <div className="flex flex-col gap-3 p-4" aria-label={loadingLabel}>
          {Array.from({ length: loadingRows }, (_, index) => (
            <Skeleton key={index} className="h-8 w-full" />
          ))}
        </div>
      }
      frame={(body, more) => (
        <>
          <Card className={cn("gap-0 overflow-hidden py-0 transition-opacity", dimmed && "opacity-60")} aria-busy={query.isFetching || dimmed}>
            {body}
          </Card>
          {rows.length > 0 && (
            <div className="mt-3 flex items-center justify-between gap-3 text-sm text-muted-foreground">
              <span data-testid={count.testId}>{count.text}</span>
              {more}
            </div>
          )}
        </>
      )}
    />
  );
}
