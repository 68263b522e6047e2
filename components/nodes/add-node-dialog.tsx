"use client";

import { Plus } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/components/common/lazy-component";
import { Button } from "@/components/ui/button";
import type { ListedKind } from "./node-links";

const AddNodeFormDialog = lazyComponent(() => import("./add-node-form-dialog").then((module) => module.AddNodeFormDialog));

/** "Add edge node" / "Add CPE node": the button, and once used the node form in a dialog (fetched on intent). */
export function AddNodeDialog({ mspId, kind }: { mspId: string; kind: ListedKind }) {
  const t = useTranslations("nodes");
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        data-testid="add-node"
        onMouseEnter={AddNodeFormDialog.preload}
        onFocus={AddNodeFormDialog.preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <Plus aria-hidden />
        {t(`add.${kind}`)}
      </Button>
      {opened && <AddNodeFormDialog mspId={mspId} kind={kind} open={open} setOpen={setOpen} />}
    </>
  );
}
