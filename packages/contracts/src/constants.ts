// Business constants and limits.
export const NOTIFICATION_POLL_MS = 60_000;
export const SIDE_MENU_WIDTH = 256;
export const TOAST_SECONDS = 2;
export const CONFIRM_WIDTH = 416;
export const MODAL_WIDTH = 520;
export const PERSISTED_ROUTE_KEY = 'persistedRoute';
export const STATUS_VALID_MIN = 200;
export const STATUS_VALID_MAX = 299;
/** Upper bound for any list's pageSize (docs/architecture.md, API conventions). */
export const MAX_PAGE_SIZE = 200;
