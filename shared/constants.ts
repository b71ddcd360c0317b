// Limits and values that both the server and the client must agree on.

/** The wordmark, the tabs' titles, and the name authenticator apps show beside a member's code. */
export const SITE_NAME = 'Quantum Path';

/** A day in milliseconds: for the drip's days, the audit's retention and the daily jobs. */
export const DAY_MS = 86_400_000;

export const PASSWORD_MIN_LENGTH = 6;
// Long enough for any passphrase, short enough that hashing it is not a denial-of-service lever.
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
// RFC 5321 caps a forward path at 254 characters.
export const EMAIL_MAX_LENGTH = 254;
// A two-factor code: six digits, or a recovery code (19 characters with its hyphens), with room for stray spaces.
export const TWO_FACTOR_CODE_MAX_LENGTH = 64;

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const MEMBERSHIP_TIERS = ['free', 'paid'] as const;
export type MembershipTier = (typeof MEMBERSHIP_TIERS)[number];

/** How a member last became an Architect (CONTRACT §6): an admin's change, or a Stripe payment. */
export const PAID_VIA = ['hand', 'stripe'] as const;
export type PaidVia = (typeof PAID_VIA)[number];

export const USER_STATUSES = ['active', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Calls in one tRPC batch unless TRPC_MAX_BATCH says otherwise (CONTRACT §3). */
export const TRPC_MAX_BATCH_DEFAULT = 10;

/** localStorage key of the session token (spec §3). */
export const TOKEN_STORAGE_KEY = 'token';

/** Spec §9: the reset page sends the member to /login this long after success. */
export const RESET_REDIRECT_MS = 3000;

// The admin's user list (CONTRACT "Users (admin)"): kept free of zod so the panel can import them.
export const USER_SORT_FIELDS = ['name', 'email', 'role', 'membershipTier', 'status', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
export const USERS_PAGE_SIZE = 10;
export const USER_SEARCH_MAX_LENGTH = 200;

/** The member export (CONTRACT §3 "Operators"): its address, its columns, and how many users one batch walks past. */
export const USERS_EXPORT_PATH = '/api/admin/users/export.csv';
export const USERS_EXPORT_COLUMNS = ['id', 'name', 'email', 'role', 'membershipTier', 'status', 'createdAt'] as const;
export const USERS_EXPORT_BATCH = 1000;
export const USERS_EXPORT_BATCH_MAX = 10_000;
