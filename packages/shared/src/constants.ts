/** Business constants of the seeds' section 9, named once. */
export const APP_VERSION = '4.9.0';

/** The MLS's own name when `MLS_NAME` names none (decision 1055): the demo's, never an association's. */
export const DEFAULT_MLS_NAME = 'Portico Demo MLS';

export const POLL_INTERVAL_MS = 300_000;
export const UNREAD_BADGE_CAP = 99;

export const TOAST_SUCCESS_MS = 5_000;
export const TOAST_ERROR_MS = 6_000;
export const TOAST_UPDATED_MS = 2_500;
/** A system message shown as a popover toast closes by itself after this long (decision 0952). */
export const SYSTEM_POPOVER_AUTO_CLOSE_MS = 12_000;

export const LOGOUT_DELAY_MS = 2_000;
export const LOGIN_REDIRECT_DELAY_MS = 1_500;
export const LOGO_FALLBACK_MS = 1_000;
export const LOGGED_OUT_COUNTDOWN_S = 15;
export const LOGGED_OUT_SIGNED_IN_CHECK_MS = 1_500;

export const NOTIFICATION_PAGE_SIZE = 10;
export const NOTIFICATION_FETCH_SIZE = 9_999;
export const SETTINGS_FETCH_SIZE = 5_000;
export const SETTING_GROUPS_FETCH_SIZE = 100;
export const CAMPAIGN_TYPES_FETCH_SIZE = 1_000;
export const CLIENT_TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const SERVER_TABLE_PAGE_SIZES = [10, 20, 30, 40, 50] as const;
export const CLIENT_PAGINATION_LINKS = 5;
export const SERVER_PAGINATION_LINKS = 3;
export const PAGINATION_MARGIN_PAGES = 2;

export const DEBOUNCE_AGENT_LOOKUP_MS = 300;
export const DEBOUNCE_NOTIFICATION_SEARCH_MS = 500;
export const DEBOUNCE_FILTER_MS = 750;
export const DEBOUNCE_ARTICLE_SEARCH_MS = 1_000;
export const DEBOUNCE_JUMP_TO_PAGE_MS = 500;
export const LOOKUP_MIN_CHARS = 3;

export const NEW_APP_WINDOW_DAYS = 30;
export const NEW_APP_PING_MS = 5_000;
export const CAROUSEL_ADVANCE_MS = 10_000;
export const MOBILE_AD_MAX_WIDTH_PX = 480;
/** The sandboxed document scripted ad templates run in, and the two messages between it and the portal page. */
export const AD_FRAME = { path: '/api/app/AdFrame', ready: 'portico-ad-frame-ready', template: 'portico-ad-template' } as const;

export const THEMES = ['light', 'dark', 'contrast'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'light';

export const PROFILE_COUNTRIES = ['United States', 'Canada', 'Mexico'] as const;
export const BULK_ACTIONS = ['Mark as Read', 'Mark as Unread', 'Archive', 'Unarchive'] as const;
export const DEFAULT_ARTICLE_CATEGORY_BROKER = 1;
export const DEFAULT_ARTICLE_CATEGORY_OTHERS = 10;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '#?!@$%^&*-';

/** The association codes the seeds name; the last segment of /login/{association}. */
export const ASSOCIATION_CODES = ['AR', 'CV', 'DW', 'GSM', 'JT', 'LG', 'MD', 'MP', 'NP', 'ND', 'OC', 'PT', 'SB'] as const;

export const ORIGINATING_SYSTEMS = ['CRM', 'CN', 'CRP', 'CRF', 'SWLAR', 'NAB', 'HD', 'GD'] as const;
export type OriginatingSystem = (typeof ORIGINATING_SYSTEMS)[number];

/** Second factors (seed 002 §9): at most four, 6-digit codes, Resend Code waits this long after a code is sent. */
export const MAX_SECOND_FACTORS = 4;
export const VERIFICATION_CODE_LENGTH = 6;
export const RESEND_CODE_DEFAULT_S = 300;
/** An e-mailed code works this long (our choice: docs/decisions/0400-second-factors.md). */
export const VERIFICATION_CODE_TTL_MIN = 10;
/** Password and second-factor error toasts stay this long (seed 002 §9). */
export const SECURITY_ERROR_TOAST_MS = 7_000;
