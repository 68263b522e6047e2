"use client";

import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/** A secret shown once (a token): read-only, selected on focus, with a button that copies it and says so. */
export function CopySecret({
  value,
  label,
  copyLabel,
  copiedLabel,
  testId,
  copyTestId,
}: {
  value: string;
  label: string;
  copyLabel: string;
  copiedLabel: string;
  testId: string;
  copyTestId: string;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <div className="flex gap-2">
      <Input readOnly value={value} className="font-mono text-xs" aria-label={label} data-testid={testId} onFocus={(event) => event.target.select()} />
      <Button type="button" variant="outline" onClick={copy} data-testid={copyTestId}>
        {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
        {copied ? copiedLabel : copyLabel}
      </Button>
    </div>
  );
}
