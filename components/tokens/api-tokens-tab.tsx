"use client";

import { KeyRound, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDelete } from "@/components/common/confirm-delete";
import { lazyComponent } from "@/components/common/lazy-component";
import { PagedDataTable, type DataColumn } from "@/components/common/data-table";
import { usePagedList } from "@/components/common/paged-list";
import { Timestamp } from "@/components/common/timestamp";
import { useCan, useConsole } from "@/components/shell/use-console";
import { toast } from "@/components/ui/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { SCOPE_LABEL_KEYS, type ApiTokenStatus } from "@/lib/tokens/constants";
import type { ApiToken, ApiTokenCreated } from "@/lib/tokens/schema";
import { organizationApiTokensQueryOptions, ownApiTokensQueryOptions, useRevokeApiToken } from "@/lib/tokens/queries";
import { cn } from "@/lib/utils";

const STATUS_CLASS: Record<ApiTokenStatus, string> = {
  active: "border-transparent bg-emerald-500/15 text-emerald-700 dark:text-emerald-300",
  expired: "border-transparent bg-muted text-muted-foreground",
  revoked: "border-transparent bg-destructive/15 text-destructive",
};

// The forms (react-hook-form, zod, the dialogs) are fetched on the intent to create.
const CreateApiTokenDialog = lazyComponent(() => import("./create-token-dialog").then((module) => module.CreateApiTokenDialog));
const ApiTokenSecretDialog = lazyComponent(() => import("./token-secret-dialog").then((module) => module.ApiTokenSecretDialog));

function RevokeToken({ token }: { token: ApiToken }) {
  const t = useTranslations("apiTokens");
  const revoke = useRevokeApiToken();
  if (token.status === "revoked") return null;
  return (
    <ConfirmDelete
      title={t("revokeTitle", { name: token.name })}
      description={t("revokeDescription")}
      confirmLabel={t("revoke")}
      testId="api-token-revoke"
      trigger={
        <Button variant="ghost" size="icon" className="text-destructive" data-testid="api-token-revoke" aria-label={t("revokeLabel", { name: token.name })} title={t("revokeLabel", { name: token.name })}>
          <X aria-hidden />
        </Button>
      }
      onConfirm={async () => {
        await revoke.mutateAsync(token.id);
        toast.success(t("revoked", { name: token.name }));
      }}
    />
  );
}

/** A list of tokens: the caller's own, or (`withOwner`) every member's in the organization. */
function TokensTable({ list, withOwner, testId, empty }: { list: ReturnType<typeof useOwnList>; withOwner: boolean; testId: string; empty: string }) {
  const t = useTranslations();
  const columns: (DataColumn<ApiToken> | false)[] = [
    {
      id: "name",
      label: t("apiTokens.columns.name"),
      headClassName: "pl-4",
      cellClassName: "max-w-56 truncate pl-4 font-medium",
      cell: (token) => <span title={token.name}>{token.name}</span>,
    },
    withOwner && {
      id: "owner",
      label: t("apiTokens.columns.owner"),
      priority: 2,
      cellClassName: "max-w-56 truncate",
      cell: (token) => <span title={token.userEmail}>{token.userEmail}</span>,
    },
    {
      id: "prefix",
      label: t("apiTokens.columns.prefix"),
      priority: 2,
      cellClassName: "font-mono text-xs",
      cell: (token) => <span data-testid="api-token-prefix">{token.prefix}…</span>,
    },
    {
      id: "scopes",
      label: t("apiTokens.columns.scopes"),
      priority: 2,
      cell: (token) => (
        <div className="flex max-w-72 flex-wrap gap-1" data-testid="api-token-scopes-cell">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="outline" title={scope}>
              {t(SCOPE_LABEL_KEYS[scope])}
            </Badge>
          ))}
        </div>
      ),
    },
    { id: "created", label: t("apiTokens.columns.created"), priority: 3, cellClassName: "text-muted-foreground", cell: (token) => <Timestamp value={token.createdAt} seconds={false} /> },
    { id: "expires", label: t("apiTokens.columns.expires"), priority: 2, cellClassName: "text-muted-foreground", cell: (token) => <Timestamp value={token.expiresAt} seconds={false} /> },
    {
      id: "lastUsed",
      label: t("apiTokens.columns.lastUsed"),
      priority: 3,
      cellClassName: "text-muted-foreground",
      cell: (token) => (
        <span data-testid="api-token-last-used">
          {token.lastUsedAt ? (
            <>
              <Timestamp value={token.lastUsedAt} seconds={false} />
              {token.lastUsedFrom && <span className="block font-mono text-xs">{t("apiTokens.from", { address: token.lastUsedFrom })}</span>}
            </>
          ) : (
            t("apiTokens.never")
          )}
        </span>
      ),
    },
    {
      id: "status",
      label: t("apiTokens.columns.status"),
      cell: (token) => (
        <Badge variant="outline" className={cn(STATUS_CLASS[token.status])} data-testid="api-token-status">
          {t(`apiTokens.status.${token.status}`)}
        </Badge>
      ),
    },
    {
      id: "actions",
      label: t("apiTokens.columns.actions"),
      labelHidden: true,
      cellClassName: "text-right",
      cell: (token) => <RevokeToken token={token} />,
    },
  ];
  return (
    <PagedDataTable
      list={list}
      testId={testId}
      columns={columns.filter((column): column is DataColumn<ApiToken> => Boolean(column))}
      rowName={(token) => token.name}
      rowProps={(token) => ({ "data-testid": "api-token-row", "data-token-id": token.id })}
      loadingRows={2}
      empty={empty}
      loadMore={{ label: t("people.loadMore") }}
    />
  );
}

const useOwnList = (organizationId: string) => usePagedList(() => ownApiTokensQueryOptions(organizationId));

/** Every member's tokens in the organization: an admin's list (read only when shown). */
function OrganizationTokens({ organizationId, organizationName }: { organizationId: string; organizationName: string }) {
  const t = useTranslations("apiTokens");
  const all = usePagedList(() => organizationApiTokensQueryOptions(organizationId));
  return (
    <section className="flex flex-col gap-2" aria-labelledby="api-tokens-organization">
      <h2 id="api-tokens-organization" className="text-base font-semibold">
        {t("organization", { organization: organizationName })}
      </h2>
      <p className="text-sm text-muted-foreground">{t("organizationHint")}</p>
      <TokensTable list={all} withOwner testId="api-tokens-organization-table" empty={t("emptyOrganization")} />
    </section>
  );
}

/**
 * user/apiTokens: the user's personal API tokens (create, see where they were last used, revoke); an admin also sees
 * and revokes every member's tokens in the organization.
 */
export function ApiTokensTab() {
  const t = useTranslations();
  const { organization, user } = useConsole();
  const isAdmin = useCan("common:user:write");
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const own = useOwnList(organization.id);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{t("apiTokens.intro")}</p>
        <Button
          onClick={() => {
            setOpened(true);
            setCreating(true);
          }}
          onMouseEnter={CreateApiTokenDialog.preload}
          onFocus={CreateApiTokenDialog.preload}
          data-testid="api-token-create"
        >
          <KeyRound aria-hidden />
          {t("apiTokens.create")}
        </Button>
        {opened && (
          <CreateApiTokenDialog organizationName={organization.name} held={user.scopes} open={creating} setOpen={setCreating} onCreated={setCreated} />
        )}
        {created && <ApiTokenSecretDialog created={created} onClose={() => setCreated(null)} />}
      </div>
      <section className="flex flex-col gap-2" aria-labelledby="api-tokens-mine">
        <h2 id="api-tokens-mine" className="text-base font-semibold">
          {t("apiTokens.mine")}
        </h2>
        <TokensTable list={own} withOwner={false} testId="api-tokens-table" empty={t("apiTokens.empty")} />
      </section>
      {isAdmin && <OrganizationTokens organizationId={organization.id} organizationName={organization.name} />}
    </div>
  );
}
