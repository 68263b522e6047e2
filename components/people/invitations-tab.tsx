"use client";

import { MailPlus, RotateCw, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { useCan, useConsole } from "@/components/shell/use-console";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { invitationsQueryOptions, useResendInvitation, useRevokeInvitation } from "@/lib/people/queries";
import type { Invitation, InvitationStatus } from "@/lib/people/schema";
import { ROLE_LEVEL_LABELS } from "@/lib/people/constants";
import { cn } from "@/lib/utils";

const STATUS_CLASS: Record<InvitationStatus, string> = {
  pending: "border-transparent bg-sky-500/15 text-sky-700 dark:text-sky-300",
  accepted: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  expired: "border-transparent bg-muted text-muted-foreground",
};

function InvitationActions({ invitation, organizationId }: { invitation: Invitation; organizationId: string }) {
  const t = useTranslations("people.invitations");
  const resend = useResendInvitation(organizationId);
  const revoke = useRevokeInvitation(organizationId);
  if (invitation.status === "accepted") return null;
  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        busy={resend.isPending}
        data-testid="invitation-resend"
        aria-label={t("resendLabel", { email: invitation.email })}
        title={t("resendLabel", { email: invitation.email })}
        onClick={() =>
          resend.mutate(invitation.id, {
            onSuccess: () => toast.success(t("resent", { email: invitation.email })),
            onError: (error) => toast.failure(error),
          })
        }
      >
        <RotateCw aria-hidden />
      </Button>
      <ConfirmDelete
        title={t("revokeTitle", { email: invitation.email })}
        description={t("revokeDescription", { email: invitation.email })}
        confirmLabel={t("revoke")}
        testId="invitation-revoke"
        trigger={
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive"
            data-testid="invitation-revoke"
            aria-label={t("revokeLabel", { email: invitation.email })}
            title={t("revokeLabel", { email: invitation.email })}
          >
            <X aria-hidden />
          </Button>
        }
        onConfirm={async () => {
          await revoke.mutateAsync(invitation.id);
          toast.success(t("revoked", { email: invitation.email }));
        }}
      />
    </div>
  );
}

function useInvitationColumns(organizationId: string, canManage: boolean): DataColumn<Invitation>[] {
  const t = useTranslations();
  return [
    {
      id: "email",
      label: t("people.invitations.columns.email"),
      headClassName: "pl-4",
      cellClassName: "pl-4 font-medium",
      // On a phone the address is cut short (whole on hover), so that the row keeps its status and details button.
      cell: (invitation) => (
        <span className="block max-w-44 truncate @md:max-w-72" title={invitation.email}>
          {invitation.email}
        </span>
      ),
    },
    { id: "role", label: t("people.invitations.columns.role"), priority: 2, cell: (invitation) => t(ROLE_LEVEL_LABELS[invitation.role]) },
    { id: "sent", label: t("people.invitations.columns.sent"), priority: 3, cellClassName: "text-muted-foreground", cell: (invitation) => <Timestamp value={invitation.createdAt} seconds={false} /> },
    { id: "expires", label: t("people.invitations.columns.expires"), priority: 3, cellClassName: "text-muted-foreground", cell: (invitation) => <Timestamp value={invitation.expiresAt} seconds={false} /> },
    {
      id: "status",
      label: t("people.invitations.columns.status"),
      cell: (invitation) => (
        <Badge variant="outline" className={cn(STATUS_CLASS[invitation.status])} data-testid="invitation-status">
          {t(`people.invitations.status.${invitation.status}`)}
        </Badge>
      ),
    },
    {
      id: "actions",
      label: t("people.invitations.columns.actions"),
      labelHidden: true,
      priority: 2,
      headClassName: "pr-4",
      cellClassName: "pr-4",
      cell: (invitation) => (canManage ? <InvitationActions invitation={invitation} organizationId={organizationId} /> : null),
    },
  ];
}

// The invite form (react-hook-form, zod, the dialog) is fetched on the intent to invite.
const InviteDialog = lazyComponent(() => import("./invite-dialog").then((module) => module.InviteDialog));

/** user/invitations: who was invited, with which role, when, until when and where it stands; admins invite, resend, revoke. */
export function InvitationsTab() {
  const t = useTranslations();
  const { organization } = useConsole();
  const canManage = useCan("common:user:write");
  const [inviting, setInviting] = useState(false);
  const [opened, setOpened] = useState(false);
  const invitations = usePagedList(() => invitationsQueryOptions(organization.id));
  const columns = useInvitationColumns(organization.id, canManage);
  return (
    <div className="flex flex-col gap-3">
      {canManage && (
        <div className="flex justify-end">
          <Button
            onClick={() => {
              setOpened(true);
              setInviting(true);
            }}
            onMouseEnter={InviteDialog.preload}
            onFocus={InviteDialog.preload}
            data-testid="invite-open"
          >
            <MailPlus aria-hidden />
            {t("people.invitations.invite")}
          </Button>
          {opened && <InviteDialog organizationId={organization.id} open={inviting} setOpen={setInviting} />}
        </div>
      )}
      <PagedDataTable
        list={invitations}
        testId="invitations-table"
        columns={columns}
        loadingRows={2}
        rowName={(invitation) => invitation.email}
        rowProps={() => ({ "data-testid": "invitation-row" })}
        empty={canManage ? t("people.invitations.empty") : t("people.invitations.emptyReadOnly")}
        loadMore={{ label: t("people.loadMore") }}
      />
    </div>
  );
}
