/** Loads a page afresh: after the session changes who the user acts as, nothing cached for the old identity stays. */
export function hardNavigate(href: string): void {
  window.location.assign(href);
}
