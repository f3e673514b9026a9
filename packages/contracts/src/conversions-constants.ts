// Conversion tracking's constants, without zod (pages and the tag script read them at first view).
// How it works (docs/architecture.md, Conversions): a click's redirect adds a signed click id to the
// landing page's address; the advertiser's site keeps it and reports a conversion with it, from the
// browser (the pixel) or from its server (the postback, signed with the account's secret).

/** The advertiser's site loads this script (with `?tag=`): it keeps the click id and fires the pixel. */
export const CONVERSION_SCRIPT_PATH = '/serve/conversion.js';
/** The browser's conversion report: a 1×1 GIF (`tag`, `order`, optional `clid` and `value`). */
export const CONVERSION_PIXEL_PATH = '/serve/cv';
/** The advertiser's server's conversion report: JSON, signed with the account's secret. */
export const CONVERSION_POSTBACK_PATH = '/serve/postback';
/** The landing page's query parameter that carries the click id. */
export const CLICK_ID_PARAM = 'ads_clid';

/** How long after a click a conversion is credited to it, in days (Google Ads' default: 30). */
export const CLICK_WINDOW_DAYS = { min: 1, max: 90, default: 30 } as const;
/**
 * How long after an ad was seen (not clicked) a conversion of the same browser is credited to it, in
 * days; 0, the default, counts clicks only. The browser is known by the VIEWER_COOKIE the impression
 * set on our origin.
 */
export const VIEW_WINDOW_DAYS = { min: 0, max: 30, default: 0 } as const;
/** The cookie (on the ad server's origin) that names a browser across sites: its impressions and its view-through conversions. */
export const VIEWER_COOKIE = 'ads_vid';

/** The longest order id (the advertiser's own: what makes a report of the same conversion count once). */
export const ORDER_ID_MAX = 64;
/** The largest conversion value, in minor units ($100,000,000.00). */
export const CONVERSION_VALUE_MAX_MINOR = 10_000_000_000;
/** How far a postback's time may be from ours, in seconds (an old signed postback cannot be replayed for ever). */
export const POSTBACK_SKEW_SECONDS = 600;
/**
 * The most conversions one click may report (distinct order ids): a click id in the wrong hands
 * cannot inflate an advertiser's figures past it.
 */
export const CONVERSIONS_PER_CLICK_MAX = 20;
/** How long a conversion waits for its click to be written before it is given up, in minutes. */
export const CLICK_WAIT_MINUTES = 60;

/** What a counted conversion is credited to: a click (its click id), or an ad seen (view-through). */
export const ATTRIBUTION_VIA = ['click', 'view'] as const;
export type AttributionVia = (typeof ATTRIBUTION_VIA)[number];

export const CONVERSION_SOURCES = ['pixel', 'postback'] as const;
export type ConversionSource = (typeof CONVERSION_SOURCES)[number];

/** pending: its click is not written yet; attributed: counted for the click's campaign; unattributed: not counted (see the reason). */
export const CONVERSION_STATUSES = ['pending', 'attributed', 'unattributed'] as const;
export type ConversionStatus = (typeof CONVERSION_STATUSES)[number];

/**
 * Why a conversion is not counted: its click was invalid traffic (a bot, a click without its
 * impression, a repeated click …), came before the window, was never written, or was another
 * advertiser's; or the report itself came from a bot.
 */
export const UNATTRIBUTED_REASONS = ['invalidClick', 'outsideWindow', 'clickNotFound', 'otherAccount', 'botReport'] as const;
export type UnattributedReason = (typeof UNATTRIBUTED_REASONS)[number];

export const CONVERSION_PAGE_SIZE_MAX = 100;
