"use client";

import { useTranslations } from "next-intl";
import { MutationFormDialog } from "@/components/common/mutation-form-dialog";
import { TextField } from "@/components/forms/fields";
import { LabeledField } from "@/components/forms/labeled-field";
import { toast } from "@/components/ui/toast";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@/lib/webhooks/constants";
import { useCreateWebhook, useUpdateWebhook } from "@/lib/webhooks/queries";
import { webhookCreateSchema, type WebhookEndpoint, type WebhookWithSecret } from "@/lib/webhooks/schema";
import { useZodForm } from "@/components/forms/zod-form";

interface WebhookDialogProps {
  organizationId: string;
  /** An MSP's endpoint may include its customers' events. */
  isMsp: boolean;
  /** The endpoint edited; none to add one. */
  endpoint?: WebhookEndpoint;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** A new endpoint's secret, to show once. */
  onCreated: (created: WebhookWithSecret) => void;
}

const EMPTY = { url: "", eventTypes: ["alarm.raised"] as WebhookEventType[], includeCustomers: false, enabled: true };

/** Adds or edits a webhook endpoint: its URL, the event types it hears, its customers' events (an MSP), enabled. */
export function WebhookDialog({ organizationId, isMsp, endpoint, open, setOpen, onCreated }: WebhookDialogProps) {
  const t = useTranslations();
  const create = useCreateWebhook(organizationId);
  const update = useUpdateWebhook(endpoint?.id ?? "");
  const defaultValues = endpoint
    ? { url: endpoint.url, eventTypes: endpoint.eventTypes, includeCustomers: endpoint.includeCustomers, enabled: endpoint.enabled }
    : EMPTY;
  const form = useZodForm(webhookCreateSchema, { defaultValues });
  return (
    <MutationFormDialog
      open={open}
      onOpenChange={setOpen}
      form={form}
      mutation={endpoint ? update : create}
      mode={endpoint ? "edit" : "create"}
      onSuccess={(result) => {
        // Only a creation answers the secret.
        if (!endpoint) onCreated(result as WebhookWithSecret);
        toast.success(t(endpoint ? "webhooks.form.saved" : "webhooks.form.created"));
      }}
      title={t(endpoint ? "webhooks.form.editTitle" : "webhooks.form.createTitle")}
      description={t("webhooks.form.description")}
      testId="webhook-dialog"
      submitLabel={t(endpoint ? "webhooks.form.save" : "webhooks.form.create")}
      submitTestId="webhook-save"
    >
      <TextField control={form.control} name="url" label={t("webhooks.form.url")} description={t("webhooks.form.urlHint")} testId="webhook-url" />
      <LabeledField control={form.control} name="eventTypes" label={t("webhooks.form.eventTypes")}>
        {(field) => (
          <div className="grid gap-2 sm:grid-cols-2" role="group" aria-label={t("webhooks.form.eventTypes")} data-testid="webhook-event-types">
            {WEBHOOK_EVENT_TYPES.map((type) => {
              const id = `webhook-event-${type}`;
              const checked = (field.value as string[]).includes(type);
              return (
                <div key={type} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={checked}
                    data-testid={id}
                    onCheckedChange={(value) =>
                      field.onChange(value === true ? [...(field.value as string[]), type] : (field.value as string[]).filter((each) => each !== type))
                    }
                  />
                  <Label htmlFor={id} className="font-normal">
                    {t(WEBHOOK_EVENT_LABELS[type])}
                  </Label>
                </div>
              );
            })}
          </div>
        )}
      </LabeledField>
      {isMsp && <SwitchField form={form} name="includeCustomers" label={t("webhooks.form.includeCustomers")} hint={t("webhooks.form.includeCustomersHint")} />}
      <SwitchField form={form} name="enabled" label={t("webhooks.form.enabled")} hint={t("webhooks.form.enabledHint")} />
    </MutationFormDialog>
  );
}

function SwitchField({ form, name, label, hint }: { form: ReturnType<typeof useZodForm<typeof webhookCreateSchema>>; name: "includeCustomers" | "enabled"; label: string; hint: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex items-center justify-between gap-4 rounded-md border p-3">
          <div className="grid gap-1">
            <FormLabel>{label}</FormLabel>
            <FormDescription>{hint}</FormDescription>
          </div>
          <FormControl>
            <Switch checked={field.value === true} onCheckedChange={field.onChange} onBlur={field.onBlur} data-testid={`webhook-${name}`} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}
