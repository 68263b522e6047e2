"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ErrorAlert } from "@/components/errors/error-alert";
import { TextField } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { hardNavigate } from "@/components/shell/hard-navigate";
import { Logo } from "@/components/shell/logo";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api/client";
import { safeNextPath } from "@/lib/auth/safe-next";
import { inviteeSessionQueryOptions, invitationPreviewQueryOptions, useAcceptInvitation } from "@/lib/people/queries";
import type { InvitationPreview } from "@/lib/people/schema";
import { invitationAcceptPath, ROLE_LEVEL_LABELS } from "@/lib/people/constants";

// The schemas (and zod) are fetched on the first check, not with the page.
const loadNewAccountSchema = () => import("@/lib/people/schema").then((schemas) => schemas.invitationAcceptNewAccountSchema);
const loadExistingAccountSchema = () => import("@/lib/people/schema").then((schemas) => schemas.invitationAcceptExistingAccountSchema);

/** The API's message without its request id (the page is for a person, not a support ticket). */
const plain = (error: Error) => (error instanceof ApiRequestError ? error.reason : error.message);

/** Into the console: its root takes the session to the home of the organization just joined. */
const enterConsole = () => hardNavigate("/");

function signInHref(token: string) {
  return `/login?next=${encodeURIComponent(safeNextPath(invitationAcceptPath(token)))}`;
}

/** An address without an account: name and password make it, and sign it in. */
function NewAccountForm({ token, onHasAccount }: { token: string; onHasAccount: (message: string) => void }) {
  const t = useTranslations("invite");
  const accept = useAcceptInvitation();
  const form = useZodForm(loadNewAccountSchema, { defaultValues: { token, firstName: "", lastName: "", password: "" } });
  return (
    <ZodForm
      form={form}
      className="flex flex-col gap-4"
      onSubmit={async (values) => {
        try {
          await accept.mutateAsync(values);
        } catch (error) {
          if (error instanceof ApiRequestError && error.status === 401) onHasAccount(plain(error));
          else applyServerIssues(form, error);
          return;
        }
        enterConsole();
      }}
    >
      {accept.error && !(accept.error instanceof ApiRequestError && accept.error.status === 401) && <ErrorAlert error={accept.error} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={form.control} name="firstName" label={t("firstName")} testId="invite-first-name" autoComplete="given-name" />
        <TextField control={form.control} name="lastName" label={t("lastName")} testId="invite-last-name" autoComplete="family-name" />
      </div>
      <TextField
        control={form.control}
        name="password"
        type="password"
        label={t("password")}
        description={t("passwordHint")}
        testId="invite-password"
        autoComplete="new-password"
      />
      <SubmitButton busy={accept.isPending} data-testid="invite-accept">
        {t("accept")}
      </SubmitButton>
    </ZodForm>
  );
}

/** Signed in as the invited address: joining is one click. */
function JoinAsSignedIn({ token, preview }: { token: string; preview: InvitationPreview }) {
  const t = useTranslations("invite");
  const accept = useAcceptInvitation();
  return (
    <div className="flex flex-col gap-4">
      {accept.error && <ErrorAlert error={accept.error} />}
      <p className="text-sm">{t("signedInAs", { email: preview.email })}</p>
      <Button busy={accept.isPending} data-testid="invite-join" onClick={() => accept.mutate({ token }, { onSuccess: enterConsole })}>
        {t("join", { organization: preview.organizationName })}
      </Button>
    </div>
  );
}

/** An address with an account, not signed in as it: sign in first, then back here. */
function SignInFirst({ token, message }: { token: string; message: string }) {
  return (
    <div className="flex flex-col gap-4" data-testid="invite-sign-in-first">
      <p className="text-sm">{message}</p>
      <SignInLink token={token} />
    </div>
  );
}

function SignInLink({ token, variant }: { token: string; variant?: "outline" }) {
  const t = useTranslations("invite");
  return (
    <Button asChild variant={variant}>
      <a href={signInHref(token)} data-testid="invite-sign-in">
        {t("signIn")}
      </a>
    </Button>
  );
}

/**
 * An address with an account, nobody signed in: its password joins (a person removed from their only organization
 * cannot sign in any more, and comes back this way); signing in first works too.
 */
function ExistingAccountForm({ token, preview, message }: { token: string; preview: InvitationPreview; message: string }) {
  const t = useTranslations("invite");
  const accept = useAcceptInvitation();
  const form = useZodForm(loadExistingAccountSchema, { defaultValues: { token, password: "" } });
  return (
    <div className="flex flex-col gap-4" data-testid="invite-sign-in-first">
      <p className="text-sm">{accept.error ? plain(accept.error) : message}</p>
      <ZodForm
        form={form}
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          try {
            await accept.mutateAsync(values);
          } catch (error) {
            applyServerIssues(form, error);
            return;
          }
          enterConsole();
        }}
      >
        <TextField
          control={form.control}
          name="password"
          type="password"
          label={t("existingPassword", { email: preview.email })}
          testId="invite-existing-password"
          autoComplete="current-password"
        />
        <SubmitButton busy={accept.isPending} data-testid="invite-existing-join">
          {t("joinWithPassword", { organization: preview.organizationName })}
        </SubmitButton>
      </ZodForm>
      <p className="text-sm text-muted-foreground">{t("orSignIn", { email: preview.email })}</p>
      <SignInLink token={token} variant="outline" />
    </div>
  );
}

function InvitationBody({ token }: { token: string }) {
  const t = useTranslations();
  const preview = useQuery(invitationPreviewQueryOptions(token));
  const session = useQuery(inviteeSessionQueryOptions());
  const [hasAccount, setHasAccount] = useState<string | null>(null);

  if (preview.isPending || session.isPending) {
    return (
      <div className="flex flex-col gap-3">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-9 w-full" />
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  if (preview.isError) {
    const gone = preview.error instanceof ApiRequestError && preview.error.status === 404;
    return (
      <div className="flex flex-col gap-4" data-testid="invite-invalid">
        <ErrorAlert message={gone ? t("invite.invalid") : plain(preview.error)} onRetry={gone ? undefined : () => preview.refetch()} />
        <Button variant="outline" asChild>
          <a href="/login">{t("invite.goToSignIn")}</a>
        </Button>
      </div>
    );
  }
  const invitation = preview.data;
  const signedIn = session.data ?? null;
  const role = t(ROLE_LEVEL_LABELS[invitation.role]);
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-3 text-sm" data-testid="invite-preview">
        <dt className="text-muted-foreground">{t("invite.organization")}</dt>
        <dd className="font-medium">{invitation.organizationName}</dd>
        <dt className="text-muted-foreground">{t("invite.email")}</dt>
        <dd className="break-all">{invitation.email}</dd>
        <dt className="text-muted-foreground">{t("invite.role")}</dt>
        <dd>{role}</dd>
      </dl>
      {signedIn && signedIn.userEmail.toLowerCase() === invitation.email.toLowerCase() ? (
        <JoinAsSignedIn token={token} preview={invitation} />
      ) : signedIn ? (
        <SignInFirst token={token} message={t("invite.otherAccount", { current: signedIn.userEmail, email: invitation.email })} />
      ) : hasAccount ? (
        <ExistingAccountForm token={token} preview={invitation} message={hasAccount} />
      ) : (
        <NewAccountForm token={token} onHasAccount={setHasAccount} />
      )}
    </div>
  );
}

/** /invite/{token}: the page the mailed invitation link opens (public). */
export function InvitationAcceptPage({ token }: { token: string }) {
  const t = useTranslations();
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 px-4 py-8">
      <div className="flex w-full max-w-md flex-col items-center gap-6">
        <div className="flex items-center gap-3">
          <Logo className="size-10" />
          <span className="text-xl font-semibold tracking-tight">{t("product.name")}</span>
        </div>
        <Card className="w-full">
          <CardHeader>
            <CardTitle>
              <h1>{t("invite.title")}</h1>
            </CardTitle>
            <CardDescription>{t("invite.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <InvitationBody token={token} />
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
