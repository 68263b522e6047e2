import "server-only";
import type { Principal } from "./principal";

/** A session as read from the database: its principal and the two times that end it. */
export interface ResolvedSession {
  principal: Principal;
  expiresAt: number;
  lastSeenAt: number;
}

/**
 * How long a process trusts a session it read. Every change made through this process (sign-out, revocation, a role
 * or membership change, the user's settings) evicts the entry at once; only a change made by another console process
 * on the same PostgreSQL waits this long, well inside the 30 s after which /ws drops the sockets of ended sessions.
 */
export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

type Load = () => Promise<ResolvedSession | null>;

/** A session or all of a user's, to forget: as it crosses to another thread of the process (server/render-threads). */
export type SessionChange = { tokenHash: string } | { userId: string };

interface Entry {
  owner: object;
  session: ResolvedSession;
  readAt: number;
}

/**
 * Resolved sessions by token hash, for at most `ttlMs` from the moment the database was read. Lookups of one token
 * made at once share one query. A lookup that was under way when something was evicted is not kept: it may have read
 * the row before the change committed.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, { owner: object; promise: Promise<ResolvedSession | null> }>();
  private generation = 0;
  private readonly listeners = new Set<(change: SessionChange) => void>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** The session of `tokenHash` in the database `owner`: from memory while fresh, else from `load`. */
  read(owner: object, tokenHash: string, load: Load): Promise<ResolvedSession | null> {
    const now = Date.now();
    const entry = this.entries.get(tokenHash);
    if (entry && entry.owner === owner && now - entry.readAt < this.ttlMs) return Promise.resolve(entry.session);
    const pending = this.loading.get(tokenHash);
    if (pending && pending.owner === owner) return pending.promise;

    const generation = this.generation;
    const settle = () => {
      if (this.loading.get(tokenHash)?.promise === promise) this.loading.delete(tokenHash);
    };
    const promise = load().then(
      (session) => {
        settle();
        if (!session) this.entries.delete(tokenHash);
        else if (generation === this.generation) this.keep(tokenHash, { owner, session, readAt: now });
        return session;
      },
      (error: unknown) => {
        settle();
        throw error;
      },
    );
    this.loading.set(tokenHash, { owner, promise });
    return promise;
  }

  /** Forgets one session (signed out, revoked). */
  forget(tokenHash: string): void {
    this.applyChange({ tokenHash });
    for (const listener of this.listeners) listener({ tokenHash });
  }

  /** Forgets every session of a user (all revoked, role or membership changed, name or language changed). */
  forgetUser(userId: string): void {
    this.applyChange({ userId });
    for (const listener of this.listeners) listener({ userId });
  }

  /** Calls `listener` with each session forgotten here (not those `applyChange` brings); returns its removal. */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Forgets what another thread of the process forgot (told to no listener). */
  applyChange(change: SessionChange): void {
    this.generation++;
    if ("tokenHash" in change) {
      this.entries.delete(change.tokenHash);
      this.loading.delete(change.tokenHash);
      return;
    }
    for (const [tokenHash, entry] of this.entries) if (entry.session.principal.userId === change.userId) this.entries.delete(tokenHash);
    this.loading.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(tokenHash: string, entry: Entry): void {
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) {
      for (const [key, old] of this.entries) if (entry.readAt - old.readAt >= this.ttlMs) this.entries.delete(key);
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(tokenHash, entry);
  }
}

// One cache per process, shared by the server entry and the code Next bundles (two module graphs), like the database.
const holder = globalThis as typeof globalThis & { __maiaSessionCache?: SessionCache };

export function sessionCache(): SessionCache {
  holder.__maiaSessionCache ??= new SessionCache();
  return holder.__maiaSessionCache;
}
