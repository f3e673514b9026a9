import { z } from 'zod';
import {
  ATTRIBUTION_VIA,
  CLICK_WINDOW_DAYS,
  CONVERSION_PAGE_SIZE_MAX,
  CONVERSION_SOURCES,
  CONVERSION_STATUSES,
  CONVERSION_VALUE_MAX_MINOR,
  ORDER_ID_MAX,
  UNATTRIBUTED_REASONS,
  VIEW_WINDOW_DAYS,
} from './conversions-constants';
import { defineEndpoint } from './endpoint';
import { pageOf } from './lists';
import { dbInt, dbVersion, queryDbId, queryDbInt } from './schema-kit';

// Conversion tracking (docs/architecture.md, Conversions): an advertiser's tag (its public id, the
// click window, the postback secret) and the conversions it reported, counted or not and why.

export const conversionTagSchema = z.object({
  /** Public: it goes in the script and pixel on the advertiser's site. */
  tagId: z.string(),
  clickWindowDays: z.number().int(),
  /** View-through window in days; 0: clicks only. */
  viewWindowDays: z.number().int(),
  /** The postback's signing key (HMAC-SHA256): only the account's own users see it. */
  secret: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type ConversionTag = z.infer<typeof conversionTagSchema>;

export const conversionSchema = z.object({
  id: z.number().int(),
  orderId: z.string(),
  source: z.enum(CONVERSION_SOURCES),
  /** When it was reported. */
  at: z.string(),
  valueMinor: z.number().int(),
  status: z.enum(CONVERSION_STATUSES),
  reason: z.enum(UNATTRIBUTED_REASONS).nullable(),
  /** What it is credited to: its click, or (view-through) an ad its browser saw. */
  via: z.enum(ATTRIBUTION_VIA),
  /** The click's (or the seen ad's) campaign, when it was attributed. */
  campaignId: z.number().int().nullable(),
  campaignName: z.string().nullable(),
  /** When its click happened (view-through: when the ad was seen), when that is known. */
  clickedAt: z.string().nullable(),
});
export type Conversion = z.infer<typeof conversionSchema>;

export const conversionTag = defineEndpoint('conversions.conversionTag', {
  summary: "The advertiser's conversion tag (made on first read): its id, click window and postback secret",
  tag: 'Conversion',
  request: z.object({}),
  response: conversionTagSchema,
});

const clickWindow = dbInt(CLICK_WINDOW_DAYS.min, CLICK_WINDOW_DAYS.max);
const viewWindow = dbInt(VIEW_WINDOW_DAYS.min, VIEW_WINDOW_DAYS.max);

export const updateConversionTag = defineEndpoint('conversions.updateConversionTag', {
  summary: `Sets the click window (${CLICK_WINDOW_DAYS.min}–${CLICK_WINDOW_DAYS.max} days) and the view-through window (${VIEW_WINDOW_DAYS.min}–${VIEW_WINDOW_DAYS.max} days, 0: off; kept when not given); 409 STALE_VERSION`,
  tag: 'Conversion',
  request: z.object({ version: dbVersion, clickWindowDays: clickWindow, viewWindowDays: viewWindow.optional() }),
  response: conversionTagSchema,
});

export const rotateConversionSecret = defineEndpoint('conversions.rotateConversionSecret', {
  summary: 'A new postback secret: postbacks signed with the old one are refused from now on; 409 STALE_VERSION',
  tag: 'Conversion',
  request: z.object({ version: dbVersion }),
  response: conversionTagSchema,
});

export const conversionList = defineEndpoint('conversions.conversionList', {
  summary: "The advertiser's reported conversions, newest first, counted or not and why",
  tag: 'Conversion',
  request: z.object({
    status: z.enum(CONVERSION_STATUSES).optional(),
    campaignId: queryDbId.optional(),
    page: queryDbInt(1).default(1),
    pageSize: queryDbInt(1, CONVERSION_PAGE_SIZE_MAX).default(20),
  }),
  response: pageOf(conversionSchema),
});

// ---- The public reports (outside /api, no session) --------------------------------------------

/** 2100-01-01 in Unix seconds: later than any postback's time. */
const UNIX_SECONDS_MAX = 4_102_444_800;

const ORDER_ID_MESSAGE = `The order id is 1 to ${ORDER_ID_MAX} letters, digits or . _ : - characters.`;
/** The advertiser's order id: what makes a conversion count once, however often it is reported. */
export const orderIdSchema = z
  .string({ error: ORDER_ID_MESSAGE })
  .min(1, ORDER_ID_MESSAGE)
  .max(ORDER_ID_MAX, ORDER_ID_MESSAGE)
  .regex(/^[A-Za-z0-9._:-]+$/, ORDER_ID_MESSAGE);

const VALUE_MESSAGE = `The value is a whole number of minor units (cents) from 0 to ${CONVERSION_VALUE_MAX_MINOR}.`;
const valueMinor = z.number({ error: VALUE_MESSAGE }).int(VALUE_MESSAGE).min(0, VALUE_MESSAGE).max(CONVERSION_VALUE_MAX_MINOR, VALUE_MESSAGE);
const TAG_MESSAGE = 'This is not a conversion tag id.';
const tagIdSchema = z.string({ error: TAG_MESSAGE }).regex(/^[A-Za-z0-9_-]{8,32}$/, TAG_MESSAGE);
const CLID_MESSAGE = 'This is not a click id.';
const clickIdSchema = z.string({ error: CLID_MESSAGE }).regex(/^[A-Za-z0-9_-]{20,64}$/, CLID_MESSAGE);

/**
 * The pixel's query (`GET /serve/cv?tag=…&clid=…&order=…&value=…`). Without `clid` only a
 * view-through can be credited (the tag's view window, the browser's VIEWER_COOKIE).
 */
export const conversionPixelQuerySchema = z.object({
  tag: tagIdSchema,
  clid: clickIdSchema.optional(),
  order: orderIdSchema,
  value: z
    .string()
    .regex(/^\d{1,11}$/, VALUE_MESSAGE)
    .transform(Number)
    .pipe(valueMinor)
    .optional(),
});

/**
 * The postback's body. `signature` is the hex HMAC-SHA256, with the account's secret, of
 * `tag.clid.order.value.ts` (value 0 when there is none; `ts` in Unix seconds, within
 * POSTBACK_SKEW_SECONDS (conversions-constants) of the server's clock).
 */
export const conversionPostbackSchema = z.object({
  tag: tagIdSchema,
  clid: clickIdSchema,
  order: orderIdSchema,
  value: valueMinor.default(0),
  ts: z.number({ error: 'ts is the time in Unix seconds.' }).int('ts is the time in Unix seconds.').min(0).max(UNIX_SECONDS_MAX),
  signature: z.string({ error: 'The signature is 64 hex digits.' }).regex(/^[0-9a-f]{64}$/, 'The signature is 64 hex digits.'),
});
export type ConversionPostback = z.infer<typeof conversionPostbackSchema>;

export const conversionPostbackAnswerSchema = z.object({
  /** recorded: a new conversion; duplicate: this order was reported before (nothing changes). */
  result: z.enum(['recorded', 'duplicate']),
});
