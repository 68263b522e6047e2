// SPEC §9 — business constants and limits. One module; everything else imports from here.
export const PRODUCT_NAME = "Maia Console";

export const MTU_MIN = 576;
export const MTU_MAX = 9216;
export const VLAN_MIN = 0;
export const VLAN_MAX = 4094;
export const CLAIM_CODE_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;

export const SLA_THRESHOLDS = {
  latencyMs: { warning: 80, bad: 100 },
  jitterMs: { warning: 20, bad: 30 },
  lossPercent: { warning: 1, bad: 5 },
} as const;

export const BACKCAST_OPTIONS = ["1d", "1w", "1m"] as const;
export type BackcastOption = (typeof BACKCAST_OPTIONS)[number];

export const API_TIMEOUT_MS = 15_000;
export const RELOAD_GUARD_MS = 5_000;
export const LAST_RELOAD_KEY = "last-reload";
export const SLOW_LOADING_BANNER_MS = 10_000;

// Open /ws connections one session and one client address may hold (a tab holds one; an office may share an address).
export const REALTIME_MAX_SOCKETS_PER_SESSION = 20;
export const REALTIME_MAX_SOCKETS_PER_ADDRESS = 100;

export const SOCKET_MAX_ATTEMPTS = 5;
export const SOCKET_RETRY_DELAY_MS = 2_000;
export const TOAST_DURATION_MS = 4_000;
export const TOAST_MAX_VISIBLE = 3;

export const LOCALES = ["en", "fr"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "NEXT_LOCALE";
// Server and browser render dates in one zone, so the HTML and the hydrated page agree.
export const DISPLAY_TIME_ZONE = "UTC";

export const THEMES = ["light", "dark", "system"] as const;
export const DEFAULT_THEME = "light";
export const THEME_STORAGE_KEY = "ui-theme";

export const ORGANIZATION_TYPES = ["msp", "customer", "maia"] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

export const ROUTE_PRELOAD_STALE_TIME_MS = 0;

export const SESSION_COOKIE = "maia_session";
export const SESSION_IDLE_TIMEOUT_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 30 * 24 * 3600_000;

// Guessable secrets (passwords, claim codes, invitation tokens): each attempt is reserved before the secret is checked,
// and a counter forgets its attempts after windowMs without one. An address over its limit waits out the window; an
// account is never locked (its owner would be). An address is an IPv4 address or an IPv6 /64; its network an IPv4
// /24, a looser budget shared by its neighbours. Past maxPerAccount misses from addresses the account never signed in
// from, the account is being guessed: a new address then needs a code mailed to the account as well as the password
// (SIGN_IN_CODE).
export const LOGIN_RATE_LIMIT = {
  windowMs: 15 * 60_000,
  maxPerAccount: 5,
  maxPerAccountAddress: 5,
  maxPerAddress: 20,
  maxPerNetwork: 100,
} as const;
// A sign-in holds at most this many of the shared slots per address (and per network): one address cannot fill them.
export const SIGN_IN_SHARE = { perAddress: 2, perNetwork: 4 } as const;
// The code mailed to an account being guessed: short-lived, single use, a few tries; a few live at once per account.
export const SIGN_IN_CODE = { digits: 6, validityMs: 10 * 60_000, maxTries: 5, maxLivePerAccount: 3 } as const;
export const CLAIM_RATE_LIMIT = { windowMs: 15 * 60_000, maxPerOrganization: 10, maxPerAddress: 20 } as const;
export const INVITATION_RATE_LIMIT = { windowMs: 15 * 60_000, maxPerAddress: 20 } as const;
// scrypt runs on libuv's pool (4 threads, shared with gzip, fs and dns): at most `concurrency` hashes at once, at
// most `queue` waiting; beyond that a sign-in is refused with 429 rather than stalling everyone else.
export const PASSWORD_HASHING = { concurrency: 2, queue: 8, busyRetryMs: 5_000, waiting: 64 } as const;
export const API_BODY_LIMIT_BYTES = 1024 * 1024;
// A device's telemetry batch (up to 5,000 samples) is larger than any form a person submits.
export const TELEMETRY_INGEST_PATH = "/api/v1/telemetry/ingest";
export const TELEMETRY_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** The largest body the API accepts on a path. */
export function bodyLimitFor(pathname: string): number {
  return pathname === TELEMETRY_INGEST_PATH ? TELEMETRY_BODY_LIMIT_BYTES : API_BODY_LIMIT_BYTES;
}
export const SUPPORT_MESSAGE_MAX = 5000;

// The assistant: how long a question and a chat's title may be, and how many chats a recent-chats list shows.
export const CHAT_MESSAGE_MAX = 4000;
export const CHAT_TITLE_MAX = 120;
export const RECENT_CHATS_SHOWN = 5;

export const DOCUMENTATION_URL = "/organization/{organizationId}/apiDocs";
export const REQUEST_ID_HEADER = "x-request-id";

/** The longest "Filter paths..." text the list searches for; longer text in the box or ?search= is cut to it. */
export const PATH_SEARCH_MAX = 100;
