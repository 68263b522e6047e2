"use client";

import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Button } from "@/components/ui/button";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { RoleLevel } from "@/lib/auth/scopes";
import { organizationUsersExportHref, organizationUsersQueryOptions, useChangeUserRole, useRemoveUser } from "@/lib/people/queries";
import type { OrganizationUser } from "@/lib/people/schema";
import { PEOPLE_ROLE_LEVELS, ROLE_LEVEL_LABELS } from "@/lib/people/constants";

/** The role of a member: a picker for admins (refused changes, such as the last admin's, said in a toast), else text. */
function RoleCell({ user, canManage, organizationId }: { user: OrganizationUser; canManage: boolean; organizationId: string }) {
  const t = useTranslations();
  const change = useChangeUserRole(organizationId);
  if (!canManage) return <span data-testid="user-role">{t(ROLE_LEVEL_LABELS[user.role])}</span>;
  return (
    <Select
      value={user.role}
      disabled={change.isPending}
      onValueChange={(role) =>
        change.mutate(
          { userId: user.id, update: { role: role as RoleLevel } },
          {
            onSuccess: (updated) => toast.success(t("people.users.roleChanged", { name: displayName(updated), role: t(ROLE_LEVEL_LABELS[updated.role]) })),
            onError: (error) => toast.failure(error),
          },
        )
      }
    >
      <SelectTrigger size="sm" className="w-36 @md:w-48" aria-label={t("people.users.roleOf", { name: displayName(user) })} data-testid="user-role-select">
        {/* The label itself, so that it shows from the server's HTML on, not once the picker has hydrated. */}
        <SelectValue>{t(ROLE_LEVEL_LABELS[user.role])}</SelectValue>
      </SelectTrigger>
      <SelectContent>
        {PEOPLE_ROLE_LEVELS.map((level) => (
          <SelectItem key={level} value={level}>
            {t(ROLE_LEVEL_LABELS[level])}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export const displayName = (user: Pick<OrganizationUser, "firstName" | "lastName" | "email">) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** Remove, after a confirmation saying what it does (one's own row has none: the API refuses removing oneself). */
function RemoveUser({ user, organizationId }: { user: OrganizationUser; organizationId: string }) {
  const t = useTranslations("people.users");
  const { organization } = useConsole();
  const remove = useRemoveUser(organizationId);
  const name = displayName(user);
  return (
    <ConfirmDelete
      title={t("removeTitle", { name })}
      description={t("removeDescription", { name, organization: organization.name })}
      confirmLabel={t("remove")}
      testId="user-remove"
      trigger={
        <Button variant="ghost" size="sm" className="text-destructive" data-testid="user-remove" aria-label={t("removeLabel", { name })}>
          {t("remove")}
        </Button>
      }
      onConfirm={async () => {
        await remove.mutateAsync(user.id);
        toast.success(t("removed", { name }));
      }}
    />
  );
}

function useUserColumns(organizationId: string, canManage: boolean, me: string): DataColumn<OrganizationUser>[] {
  const t = useTranslations();
  return [
    {
      id: "name",
      label: t("people.users.columns.name"),
      headClassName: "pl-4",
      cellClassName: "pl-4 font-medium",
      cell: (user) => (
        <>
          {displayName(user)}
          {user.id === me && <span className="ml-2 text-xs font-normal text-muted-foreground">{t("people.users.you")}</span>}
        </>
      ),
    },
    { id: "email", label: t("people.users.columns.email"), priority: 2, cellClassName: "text-muted-foreground", cell: (user) => user.email },
    { id: "role", label: t("people.users.columns.role"), cell: (user) => <RoleCell user={user} canManage={canManage} organizationId={organizationId} /> },
    { id: "language", label: t("people.users.columns.language"), priority: 3, cell: (user) => t(`people.languages.${user.language}`) },
    {
      id: "lastSignIn",
      label: t("people.users.columns.lastSignIn"),
      priority: 3,
      cellClassName: "text-muted-foreground",
      cell: (user) => (user.lastSignInAt ? <Timestamp value={user.lastSignInAt} seconds={false} /> : t("people.users.neverSignedIn")),
    },
    {
      id: "actions",
      label: t("people.users.columns.actions"),
      labelHidden: true,
      priority: 2,
      headClassName: "pr-4",
      cellClassName: "pr-4 text-right",
      cell: (user) => (canManage && user.id !== me ? <RemoveUser user={user} organizationId={organizationId} /> : null),
    },
  ];
}

/** user/users: the organization's members, their role, language and last sign-in; admins change roles and remove. */
export function UsersTab() {
  const { organization, user: me } = useConsole();
  const t = useTranslations();
  const canManage = useCan("common:user:write");
  const users = usePagedList(() => organizationUsersQueryOptions(organization.id));
  const columns = useUserColumns(organization.id, canManage, me.userId);
  return (
    <PagedDataTable
      list={users}
      exportCsv={organizationUsersExportHref(organization.id)}
      testId="users-table"
      columns={columns}
      rowName={(user) => displayName(user)}
      rowProps={() => ({ "data-testid": "user-row" })}
      loadMore={{ label: t("people.loadMore") }}
    />
  );
}
