"use client";

import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { Fragment, useId, useState, type ComponentProps, type ReactNode } from "react";
import { PagedTable, type PagedListState } from "@/components/common/paged-list";
import { IntentLink } from "@/components/shell/intent-link";
import { TableCell, TableHead, TableRow } from "@/components/ui/table";
import type { CursorPage } from "@/lib/api/paging";
import { defaultOrder, sortFromUrl, type ListSort, type SortableList, type SortColumn, type SortOrder } from "@/lib/sorting";
import { cn } from "@/lib/utils";

// The one table of the list pages: columns declared once (head, cell, the API column its head sorts by, how much it
// matters), sorted by the server from a head's button, and fitted to its card's width: a column that does not fit
// leaves the row for the row's details, which a disclosure button opens — never a scroller that hides it.

/**
 * How much a column matters: 1 always shows (a phone); 2 shows when the table's card is at least 672 px wide (a
 * 1024 px screen beside the sidebar); 3 from 896 px of card (1280 px screens and up). Below that, the column's value
 * is in the row's details.
 */
export type ColumnPriority = 1 | 2 | 3;

export interface DataColumn<T> {
  id: string;
  /** What names the column: its head's text, and its value's in the row's details. */
  label: string;
  /** The head's content when it is not the label (a checkbox). */
  header?: ReactNode;
  /** The head says its label to screen readers only (a column of buttons). */
  labelHidden?: boolean;
  cell: (row: T) => ReactNode;
  /** The API column the head sorts the list by. */
  sort?: string;
  priority?: ColumnPriority;
  headClassName?: string;
  cellClassName?: string;
}

/** A list's first column: each row's name, a link to its page. */
export function nameLinkColumn<T extends { name: string }>(label: string, href: (row: T) => string, sort?: string): DataColumn<T> {
  return {
    id: "name",
    label,
    sort,
    headClassName: "pl-4",
    cellClassName: "pl-4",
    cell: (row) => (
      <IntentLink href={href(row)} className="font-medium hover:underline">
        {row.name}
      </IntentLink>
    ),
  };
}

export interface TableSorting {
  value: ListSort;
  onChange: (next: ListSort) => void;
  /** The order a column sorts in when first chosen. */
  defaultOrder: (column: string) => SortOrder;
}

// Whole class names, so that Tailwind finds them.
const SHOWN_FROM: Record<ColumnPriority, string> = { 1: "", 2: "hidden @2xl:table-cell", 3: "hidden @4xl:table-cell" };
const FOLDED_UNTIL: Record<ColumnPriority, string> = { 1: "hidden", 2: "@2xl:hidden", 3: "@4xl:hidden" };

const priorityOf = <T,>(column: DataColumn<T>): ColumnPriority => column.priority ?? 1;

/** The widest priority of the columns: whether rows have details, and up to which width. */
function foldedPriority<T>(columns: DataColumn<T>[]): ColumnPriority {
  return columns.reduce<ColumnPriority>((widest, column) => (priorityOf(column) > widest ? priorityOf(column) : widest), 1);
}

const ARIA_SORT = { asc: "ascending", desc: "descending" } as const;

function SortIcon({ order }: { order?: SortOrder }) {
  const Icon = order === "asc" ? ArrowUp : order === "desc" ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden className={cn("size-3.5 shrink-0", !order && "text-muted-foreground/60")} />;
}

interface SortableHeadProps extends ComponentProps<typeof TableHead> {
  /** The API column the head sorts by. */
  sort: string;
  sorting: TableSorting;
}

/** A head that sorts the list by its column (again: the other way), saying how the list is sorted (aria-sort). */
export function SortableHead({ sort, sorting, className, children, ...props }: SortableHeadProps) {
  const active = sorting.value.sort === sort ? sorting.value.order : undefined;
  const next: SortOrder = active ? (active === "asc" ? "desc" : "asc") : sorting.defaultOrder(sort);
  return (
    <TableHead {...props} className={className} aria-sort={active ? ARIA_SORT[active] : undefined} data-sort-column={sort}>
      <button
        type="button"
        className={cn(
          "-mx-1 inline-flex items-center gap-1 rounded-sm px-1 py-0.5 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          className?.includes("text-right") && "flex-row-reverse",
        )}
        onClick={() => sorting.onChange({ sort, order: next })}
      >
        {children}
        <SortIcon order={active} />
      </button>
    </TableHead>
  );
}

function DataHead<T>({ column, sorting }: { column: DataColumn<T>; sorting?: TableSorting }) {
  const className = cn(SHOWN_FROM[priorityOf(column)], column.headClassName);
  const header = column.header ?? (column.labelHidden ? <span className="sr-only">{column.label}</span> : column.label);
  if (!column.sort || !sorting) return <TableHead className={className}>{header}</TableHead>;
  return (
    <SortableHead className={className} sort={column.sort} sorting={sorting}>
      {header}
    </SortableHead>
  );
}

/** The head cells of a data table (the disclosure column last, while some column is folded away). */
export function DataHeads<T>({ columns, sorting }: { columns: DataColumn<T>[]; sorting?: TableSorting }) {
  const t = useTranslations("dataTable");
  const folded = foldedPriority(columns);
  return (
    <>
      {columns.map((column) => (
        <DataHead key={column.id} column={column} sorting={sorting} />
      ))}
      {folded > 1 && (
        <TableHead className={cn("w-10 pr-4", FOLDED_UNTIL[folded])}>
          <span className="sr-only">{t("details")}</span>
        </TableHead>
      )}
    </>
  );
}

/** A row's own attributes: its test id and data attributes, a class, a click. */
export type RowProps = ComponentProps<typeof TableRow> & { [attribute: `data-${string}`]: string | boolean | undefined };

interface DataRowProps<T> {
  row: T;
  columns: DataColumn<T>[];
  /** The row's name, in its disclosure button's accessible name. */
  name: string;
  rowProps?: RowProps;
}

/** A row, and under it, opened from its disclosure button, the values of the columns its width folds away. */
export function DataRow<T>({ row, columns, name, rowProps }: DataRowProps<T>) {
  const t = useTranslations("dataTable");
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const folded = foldedPriority(columns);
  return (
    <>
      <TableRow {...rowProps}>
        {columns.map((column) => (
          <TableCell key={column.id} className={cn(SHOWN_FROM[priorityOf(column)], column.cellClassName)}>
            {column.cell(row)}
          </TableCell>
        ))}
        {folded > 1 && (
          <TableCell className={cn("w-10 pr-4 text-right", FOLDED_UNTIL[folded])}>
            <button
              type="button"
              className="inline-flex size-8 items-center justify-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              aria-label={open ? t("hideDetails", { name }) : t("showDetails", { name })}
              data-testid="row-details-toggle"
              onClick={(event) => {
                event.stopPropagation();
                setOpen(!open);
              }}
            >
              <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
            </button>
          </TableCell>
        )}
      </TableRow>
      {open && folded > 1 && (
        <TableRow id={detailsId} className={cn("bg-muted/30 hover:bg-muted/30", FOLDED_UNTIL[folded])} data-testid="row-details">
          <TableCell colSpan={columns.length + 1} className="px-4 py-3 whitespace-normal">
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
              {columns
                .filter((column) => priorityOf(column) > 1)
                .map((column) => (
                  <div key={column.id} className={cn("grid gap-0.5", FOLDED_UNTIL[priorityOf(column)])}>
                    <dt className="text-xs text-muted-foreground">{column.label}</dt>
                    <dd className="min-w-0">{column.cell(row)}</dd>
                  </div>
                ))}
            </dl>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** How many cells a data table's rows have (for the loading and empty rows). */
export const dataColumnCount = <T,>(columns: DataColumn<T>[]) => columns.length + (foldedPriority(columns) > 1 ? 1 : 0);

type RowsPage = CursorPage & { items: { id: string }[] };

interface PagedDataTableProps<TPage extends RowsPage> extends Omit<ComponentProps<typeof PagedTable<TPage>>, "header" | "columns" | "children"> {
  list: PagedListState<TPage>;
  columns: DataColumn<TPage["items"][number]>[];
  sorting?: TableSorting;
  rowName: (row: TPage["items"][number]) => string;
  rowProps?: (row: TPage["items"][number]) => RowProps;
}

/** A paged list as a data table in a card, "load more" under it. */
export function PagedDataTable<TPage extends RowsPage>({ columns, sorting, rowName, rowProps, ...props }: PagedDataTableProps<TPage>) {
  return (
    // The card is a size container: the columns fit its width, not the screen's.
    <PagedTable {...props} cardClassName="@container" columns={dataColumnCount(columns)} header={<DataHeads columns={columns} sorting={sorting} />}>
      {(rows) =>
        rows.map((row) => (
          <Fragment key={row.id}>
            <DataRow row={row} columns={columns} name={rowName(row)} rowProps={rowProps?.(row)} />
          </Fragment>
        ))
      }
    </PagedTable>
  );
}

/**
 * A list's sort kept in the URL (?sort=&order=) like its other state: `asked` is what the URL asks (undefined for
 * the list's default, so the default list keeps its query key), `sorting` what the table's heads show and change.
 */
export function useUrlSort<L extends SortableList>(list: L, fallback: ListSort<SortColumn<L>>) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const asked = sortFromUrl(list, params);
  const sorting: TableSorting = {
    value: asked ?? fallback,
    defaultOrder: (sort) => defaultOrder(list, sort as SortColumn<L>),
    onChange: (next) => {
      const query = new URLSearchParams(params.toString());
      query.delete("cursor");
      if (next.sort === fallback.sort && next.order === fallback.order) {
        query.delete("sort");
        query.delete("order");
      } else {
        query.set("sort", next.sort);
        query.set("order", next.order);
      }
      const text = query.toString();
      router.replace(text ? `${pathname}?${text}` : pathname, { scroll: false });
    },
  };
  return { asked, sorting };
}
