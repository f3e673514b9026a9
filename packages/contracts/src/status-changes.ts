import { z } from 'zod';
import { EMAIL_MAX } from './accounts-constants';
import { PASSWORD_MAX } from './auth';
import { MAX_PAGE_SIZE } from './constants';
import { defineEndpoint } from './endpoint';
import { ACCOUNT_KINDS } from './identity';
import { pageOf } from './lists';
import { commaListSchema, dbId, dbVersion, queryDbId, queryDbInt, searchSchema, textSchema } from './schema-kit';
import { EMAIL_PATTERN } from './validators';
import {
  STATUS_CHANGE_ENTITIES,
  STATUS_CHANGE_KINDS,
  STATUS_CHANGE_REASON_MAX,
  STATUS_CHANGE_SORT_FIELDS,
  STATUS_CHANGE_STATES,
} from './status-changes-constants';

// ---- Status change requests (requestManagement/statusManagement; /api/StatusChange) -----------
// Changes that need staff's approval: an advertiser terminates a campaign, a publisher takes an ad
// slot offline or back online, an account's user asks to close it, and a suspended account's user
// asks (from the sign-in page, with their password) to reactivate it. One pending request per
// entity and kind. Staff approve (the change applies in the decision's transaction) or reject with
// a reason; a staff member's own change (a request staff file, or the account page's reactivate and
// close) is recorded as a request approved at once (`direct`), for the audit trail.

const personSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const statusChangeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(STATUS_CHANGE_KINDS),
  entity: z.enum(STATUS_CHANGE_ENTITIES),
  entityId: z.number().int(),
  /** The campaign's, slot's or account's name (as it is now). */
  entityName: z.string(),
  /** Its state when the request was filed, the state the request asks for, and its state now. */
  fromStatus: z.string(),
  toStatus: z.string(),
  entityStatus: z.string(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountKind: z.enum(ACCOUNT_KINDS),
  status: z.enum(STATUS_CHANGE_STATES),
  /** The requester's reason. */
  reason: z.string(),
  /** Staff's reason when rejected, or their note when approved; null when none. */
  decisionNote: z.string().nullable(),
  requestedBy: personSchema,
  requestedAt: z.string(),
  decidedBy: personSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** A staff member's own change, recorded as approved when it was made. */
  direct: z.boolean(),
  version: z.number().int(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

export const statusChangeListQuerySchema = z.object({
  status: commaListSchema(STATUS_CHANGE_STATES).optional(),
  kind: commaListSchema(STATUS_CHANGE_KINDS, 'kind').optional(),
  /** One entity's requests (the campaign drawer asks for its pending termination). */
  entity: z.enum(STATUS_CHANGE_ENTITIES).optional(),
  entityId: queryDbId.optional(),
  /** Staff: one account's requests. Requesters always see their own account's only. */
  accountId: queryDbId.optional(),
  /** The entity's or the account's name contains it, or the reason does. */
  search: searchSchema(100).optional(),
  sort: z.enum(STATUS_CHANGE_SORT_FIELDS).default('requestedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: queryDbInt(1).default(1),
  pageSize: queryDbInt(1, MAX_PAGE_SIZE).default(20),
});
export type StatusChangeListQuery = z.input<typeof statusChangeListQuerySchema>;

export const statusChangeList = defineEndpoint('statusChanges.statusChangeList', {
  summary: "Status change requests, filtered, sorted and paged: the caller's account's, or every account's for staff",
  tag: 'StatusChange',
  request: statusChangeListQuerySchema,
  response: pageOf(statusChangeSchema),
});

export const statusChangeDetail = defineEndpoint('statusChanges.statusChangeDetail', {
  summary: "One request (404 for another account's)",
  tag: 'StatusChange',
  request: z.object({ id: queryDbId }),
  response: statusChangeSchema,
});

const reasonField = textSchema(STATUS_CHANGE_REASON_MAX, 'Please give a reason.');

export const createStatusChange = defineEndpoint('statusChanges.createStatusChange', {
  summary:
    "Files a request for one of the caller's account's campaigns, slots or the account itself (staff: any, applied at once and recorded as approved); 409 STATUS_CHANGE_PENDING naming the pending one, 409 CAMPAIGN_STATE / AD_SLOT_STATE / ACCOUNT_STATE when the entity's state does not allow it",
  tag: 'StatusChange',
  request: z.object({ kind: z.enum(STATUS_CHANGE_KINDS), entityId: dbId, reason: reasonField }),
  response: statusChangeSchema,
});

export const cancelStatusChange = defineEndpoint('statusChanges.cancelStatusChange', {
  summary: "Cancels a pending request of the caller's account; 409 STALE_VERSION, 409 REQUEST_STATE when it is no longer pending",
  tag: 'StatusChange',
  request: z.object({ id: dbId, version: dbVersion }),
  response: statusChangeSchema,
});

export const approveStatusChange = defineEndpoint('statusChanges.approveStatusChange', {
  summary:
    'Approves a pending request and applies the change in the same transaction (staff); 409 STALE_VERSION, 409 REQUEST_STATE when decided meanwhile, 409 CAMPAIGN_STATE / AD_SLOT_STATE / ACCOUNT_STATE when the entity changed meanwhile (nothing applied)',
  tag: 'StatusChange',
  request: z.object({ id: dbId, version: dbVersion, note: textSchema(STATUS_CHANGE_REASON_MAX).optional() }),
  response: statusChangeSchema,
});

export const rejectStatusChange = defineEndpoint('statusChanges.rejectStatusChange', {
  summary: 'Rejects a pending request with a reason (staff); 409 STALE_VERSION, 409 REQUEST_STATE when decided meanwhile',
  tag: 'StatusChange',
  request: z.object({ id: dbId, version: dbVersion, reason: reasonField }),
  response: statusChangeSchema,
});

/**
 * The sign-in page's "Request reactivation", for a suspended account's user who cannot sign in: the
 * email and password are checked as a sign-in checks them (the same attempt counts and locks); the
 * answer is the same whether a request was filed or one was pending already.
 */
export const requestReactivation = defineEndpoint('statusChanges.requestReactivation', {
  summary:
    "A suspended account's user asks for its reactivation with their email and password (checked as a sign-in is: 400 INVALID_CREDENTIALS, 429); 409 ACCOUNT_STATE when the account is not suspended",
  tag: 'StatusChange',
  request: z.object({
    email: z.string().trim().min(1, 'Please enter your email').max(EMAIL_MAX, 'Email is too long').regex(EMAIL_PATTERN, 'Please enter a valid email'),
    password: z.string().min(1, 'Please enter your password').max(PASSWORD_MAX, 'Password is too long'),
    reason: reasonField,
  }),
  response: z.object({ ok: z.literal(true) }),
});
