"use client";

import { Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useDeletePort, type PortCollection } from "@/lib/nodes/queries";
import { usePortTenantNames } from "./port-names";
import { ActionsHead } from "@/components/common/table-state";

export interface PortColumn<T> {
  key: string;
  label: string;
  cell: (item: T) => React.ReactNode;
  className?: string;
}

interface PortSectionProps<T extends { id: string; customerOrganizationId: string | null; siteId: string | null }> {
  nodeId: string;
  collection: PortCollection;
  title: string;
  description: string;
  items: T[];
  columns: PortColumn<T>[];
  /** The row's name in the delete confirmation and the labels. */
  label: (item: T) => string;
  canWrite: boolean;
  /** The add/edit dialog for an item (undefined: a new one). */
  dialog: (props: { item?: T; onClose: () => void }) => React.ReactNode;
  /** Fetches the dialog's code ahead of a click (on the hover or focus of the add and edit buttons). */
  preloadDialog?: () => void;
  /** Why nothing can be added yet (e.g. a subinterface needs an interface). */
  addBlocked?: string;
  testId: string;
}

/** One kind of a node's ports as a dense table: its columns, then customer and site; add, edit, delete for writers. */
export function PortSection<T extends { id: string; customerOrganizationId: string | null; siteId: string | null }>(props: PortSectionProps<T>) {
  const { nodeId, collection, title, description, items, columns, label, canWrite, dialog, preloadDialog, addBlocked, testId } = props;
  const intent = preloadDialog && { onPointerEnter: preloadDialog, onFocus: preloadDialog };
  const t = useTranslations("nodes.ports");
  const names = usePortTenantNames(nodeId);
  const remove = useDeletePort(nodeId, collection);
  const [editing, setEditing] = useState<{ item?: T } | null>(null);
  const span = columns.length + 2 + (canWrite ? 1 : 0);
  return (
    <Card className="gap-0 pb-0" data-testid={testId}>
      <CardHeader className="border-b pb-4">
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
        {canWrite && (
          <CardAction>
            <Button size="sm" onClick={() => setEditing({})} {...intent} disabled={Boolean(addBlocked)} title={addBlocked} data-testid={`${testId}-add`}>
              <Plus aria-hidden />
              {t("add")}
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <Table>
        <TableHeader>
          <TableRow>
            {columns.map((column, index) => (
              <TableHead key={column.key} className={index === 0 ? "pl-6" : column.className}>
                {column.label}
              </TableHead>
            ))}
            <TableHead>{t("customer")}</TableHead>
            <TableHead className={canWrite ? undefined : "pr-6"}>{t("site")}</TableHead>
            {canWrite && <ActionsHead className="w-24 pr-6" />}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.length === 0 && (
            <TableRow>
              <TableCell colSpan={span} className="px-6 py-8 text-center whitespace-normal text-muted-foreground">
                {addBlocked && canWrite ? addBlocked : t("empty")}
              </TableCell>
            </TableRow>
          )}
          {items.map((item) => (
            <TableRow key={item.id} data-testid={`${testId}-row`}>
              {columns.map((column, index) => (
                <TableCell key={column.key} className={index === 0 ? "pl-6 font-mono" : column.className}>
                  {column.cell(item)}
                </TableCell>
              ))}
              <TableCell className="max-w-40 truncate">{names.customer(item.customerOrganizationId) ?? <span className="text-muted-foreground">—</span>}</TableCell>
              <TableCell className={canWrite ? "max-w-40 truncate" : "max-w-40 truncate pr-6"}>
                {names.site(item.siteId) ?? <span className="text-muted-foreground">—</span>}
              </TableCell>
              {canWrite && (
                <TableCell className="pr-6 text-right whitespace-nowrap">
                  <Button variant="ghost" size="icon" onClick={() => setEditing({ item })} {...intent} aria-label={t("edit", { name: label(item) })} title={t("edit", { name: label(item) })}>
                    <Pencil aria-hidden />
                  </Button>
                  <DeletePort label={label(item)} onConfirm={() => remove.mutateAsync(item.id)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {editing && dialog({ item: editing.item, onClose: () => setEditing(null) })}
    </Card>
  );
}

function DeletePort({ label, onConfirm }: { label: string; onConfirm: () => Promise<unknown> }) {
  const t = useTranslations("nodes.ports");
  return (
    <ConfirmDelete
      title={t("deleteTitle", { name: label })}
      description={t("deleteDescription")}
      confirmLabel={t("delete")}
      trigger={
        <Button variant="ghost" size="icon" className="text-destructive" aria-label={t("deleteTitle", { name: label })} title={t("deleteTitle", { name: label })}>
          <Trash2 aria-hidden />
        </Button>
      }
      onConfirm={async () => {
        await onConfirm();
        toast.success(t("deleted", { name: label }));
      }}
    />
  );
}
