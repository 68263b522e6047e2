"use client";

import type { OverlayProps } from "@/components/common/lazy-overlay";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** The live status's explanation, shown on hover or focus. */
export function StatusTooltip({ trigger, defaultOpen, description }: OverlayProps & { description: string }) {
  return (
    <Tooltip defaultOpen={defaultOpen}>
      <TooltipTrigger asChild>{trigger}</TooltipTrigger>
      <TooltipContent>{description}</TooltipContent>
    </Tooltip>
  );
}
