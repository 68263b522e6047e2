"use client";

import { useState } from "react";

/**
 * The keys of a combobox's list while the input keeps the focus: the arrows move through the options (opening the
 * list), Enter picks the highlighted one, Escape closes the list without closing a dialog around it.
 */
export function useListboxKeys<T>(
  options: readonly T[],
  list: { open: boolean; setOpen: (open: boolean) => void; pick: (option: T) => void; listId: string; shown: boolean },
) {
  const [active, setActive] = useState(0);
  const onKeyDown = (event: React.KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      list.setOpen(true);
      if (options.length) setActive((index) => (index + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (event.key === "Enter" && list.open && options[active] !== undefined) {
      // With the list closed, Enter is the form's (it submits).
      event.preventDefault();
      list.pick(options[active]);
    } else if (event.key === "Escape" && list.open) {
      event.preventDefault();
      event.stopPropagation();
      list.setOpen(false);
    }
  };
  /** The input's combobox role and state (WAI-ARIA: the list it controls, the option highlighted while it shows). */
  const inputProps = {
    role: "combobox",
    "aria-expanded": list.shown,
    "aria-controls": list.listId,
    "aria-autocomplete": "list",
    "aria-activedescendant": list.shown && options[active] !== undefined ? `${list.listId}-${active}` : undefined,
    autoComplete: "off",
    onKeyDown,
  } as const;
  return { active, setActive, inputProps };
}
