import "server-only";

// How rows read from the database are shown by the API.

/** How a person is shown in lists: "First Last", or their email when they have no name. */
export function personLabel(person: { firstName: string | null; lastName: string | null; email: string | null } | null): string | null {
  if (!person?.email) return null;
  const name = `${person.firstName ?? ""} ${person.lastName ?? ""}`.trim();
  return name || person.email;
}

export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);
