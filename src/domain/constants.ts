// Business constants and limits of spec §9, in one place for server and web.
export const FRAME_NUMBER_MIN_LENGTH = 5;
export const PLATE_ID_MIN_LENGTH = 5;
export const CREDIT_POLLING_MS = 30_000;
export const LEGACY_PLACEHOLDER_CREDITS = 100;
export const LEGACY_SIGNUP_CUTOFF = '2023-02-07';
export const ROUTE_CHANGE_EVENT_DELAY_MS = 50;
export const WEB_VITALS_DEBOUNCE_MS = 3_000;
/** §9 page prefetch: the code of likely next pages in batches of 4, 3 s apart. */
export const PREFETCH_BATCH_SIZE = 4;
export const PREFETCH_BATCH_INTERVAL_MS = 3_000;
/** §9: a page whose code or data takes longer than this gets a notice that it is on its way. */
export const SLOW_ROUTE_NOTICE_MS = 1_000;

// Identity limits chosen here (the spec leaves them open).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const PASSWORD_RESET_TTL_MINUTES = 60;
export const EMAIL_VERIFICATION_TTL_HOURS = 72;
export const SESSION_TTL_DAYS = 30;
/** A switch-user token (§6) lives an hour; switching back or logging in again gives a fresh one. */
export const SWITCH_USER_TTL_MINUTES = 60;

/** §1: the bike DNA mark is usable by police in this many countries (the front page says so). */
export const DNA_MARK_POLICE_COUNTRIES = 40;
