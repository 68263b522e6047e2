"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { toast } from "@/components/ui/toast";
import { TextField } from "@/components/forms/fields";
import { SubmitButton } from "@/components/forms/submit-button";
import { applyServerIssues, useZodForm, ZodForm } from "@/components/forms/zod-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { chatKeys, renameChat } from "@/lib/chat/queries";
import { chatRenameSchema, type ChatRename, type ChatSummary } from "@/lib/chat/schema";


function RenameForm({ chat, onClose }: { chat: ChatSummary; onClose: () => void }) {
  const t = useTranslations("chat");
  const queryClient = useQueryClient();
  const form = useZodForm(chatRenameSchema, { defaultValues: { title: chat.title } });
  const rename = useMutation({
    mutationFn: (values: ChatRename) => renameChat(chat.id, values.title),
    onSuccess: (renamed) => {
      toast.success(t("renamed", { title: renamed.title }));
      void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      onClose();
    },
    onError: (error) => {
      if (!applyServerIssues(form, error)) toast.failure(error);
    },
  });
  return (
    <ZodForm form={form} onSubmit={(values) => rename.mutateAsync(values).catch(() => undefined)} className="flex flex-col gap-4">
      <TextField control={form.control} name="title" label={t("titleLabel")} testId="chat-title" />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("cancel")}
        </Button>
        <SubmitButton disabled={rename.isPending} data-testid="save-chat-title">
          {rename.isPending ? t("saving") : t("save")}
        </SubmitButton>
      </DialogFooter>
    </ZodForm>
  );
}

/** Renames a chat (the name its first question gave it, by default). */
export function RenameChatDialog({ chat, onClose }: { chat: ChatSummary | null; onClose: () => void }) {
  const t = useTranslations();
  return (
    <Dialog open={chat !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("common.close")}>
        <DialogHeader>
          <DialogTitle>{t("chat.renameTitle")}</DialogTitle>
        </DialogHeader>
        {chat && <RenameForm chat={chat} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}
