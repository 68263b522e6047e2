import "server-only";

// What a service can refuse, as a catalogue key with its values; the HTTP layer picks the status and the words.

export type MessageValues = Record<string, string | number>;

/** One invalid field: its path and the catalogue key (with values) describing what is wrong. */
export interface FieldIssue {
  path: string;
  key: string;
  values?: MessageValues;
}

export abstract class DomainError extends Error {
  constructor(
    readonly key: string,
    readonly values?: MessageValues,
  ) {
    super(key);
    this.name = new.target.name;
  }

  /** The input field the refusal is about (a serial number taken, a claim code that does not match), if one. */
  field?: string;

  /** Ties the refusal to an input field: the answer then lists it as that field's issue, and the form shows it there. */
  onField(path: string): this {
    this.field = path;
    return this;
  }
}

/** The input is wrong: the first issue names the error, every issue is listed by field. */
export class ValidationError extends DomainError {
  constructor(
    key: string,
    values?: MessageValues,
    readonly issues?: FieldIssue[],
  ) {
    super(key, values);
  }
}

/** No valid session, or a secret that does not match. */
export class UnauthenticatedError extends DomainError {
  constructor(key = "apiErrors.unauthenticated", values?: MessageValues) {
    super(key, values);
  }
}

export class ForbiddenError extends DomainError {
  constructor(key = "apiErrors.forbidden", values?: MessageValues) {
    super(key, values);
  }
}

/** The object asked for does not exist or the caller may not see it (the two are never told apart). */
export class NotFoundError extends DomainError {
  constructor(key = "apiErrors.notFound", values?: MessageValues) {
    super(key, values);
  }
}

/** The request clashes with the current state (a name taken, a resource in use, a race lost). */
export class ConflictError extends DomainError {}

/** The request is well formed but cannot be taken as it is (an idempotency key sent again with another request). */
export class UnprocessableError extends DomainError {}

/** Too many attempts: the caller may try again after `retryAfterSeconds` (sent as Retry-After when known). */
export class RateLimitedError extends DomainError {
  constructor(
    key: string,
    values?: MessageValues,
    readonly retryAfterSeconds?: number,
  ) {
    super(key, values);
  }
}

/** A dependency the service needs is not available right now. */
export class UnavailableError extends DomainError {}

/** What the work returns, or null when what it asked for was not found: for callers to whom absence is an answer. */
export async function nullIfNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
