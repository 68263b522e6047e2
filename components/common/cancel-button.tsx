"use client";

import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/**
 * A form's Cancel. Pressing it leaves the focus in the field being typed in: the field's blur would validate it, and
 * the error shown ("Name is required") would move the button from under the pointer before the click lands — the form
 * then stays open, saying what is wrong with a form the user is leaving. The keyboard reaches it as any button.
 */
export function CancelButton(props: Omit<ComponentProps<typeof Button>, "type">) {
  return <Button {...props} type="button" onMouseDown={(event) => event.preventDefault()} />;
}
