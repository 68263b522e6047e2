// Who made a change as the audit log answers it: the person whose session (or, with API tokens, whose token) made it.
// The one place the actor is shaped: the server builds it (server/audit/service.ts) and actorText (render.ts) words it.

export interface AuditActor {
  userId: string | null;
  /** Their address now, else the one the event was written with (the source). */
  email: string | null;
  name: string | null;
  /** The API token the change was made with; null for a session's. */
  token: { id: string; name: string } | null;
}
