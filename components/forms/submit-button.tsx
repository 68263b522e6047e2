"use client";

import { useHydrated } from "@/components/common/use-hydrated";
import { Button, type ButtonProps } from "@/components/ui/button";

/**
 * A form's submit button, enabled once the page is hydrated. Before, the browser would submit the form itself: a
 * GET to the page with every field in the address (a password among them), and the click lost. Disabled, the
 * button refuses the click and the Enter key alike; what the person typed meanwhile is kept (ZodForm).
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useHydrated();
  return <Button {...props} type="submit" disabled={disabled || !hydrated} />;
}
