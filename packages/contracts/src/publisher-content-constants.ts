// Publisher content's states, kinds and limits, apart from the schemas in publisher-content.ts
// (which use them) so that the pages reading them load no zod.

export const CONTENT_REQUEST_STATES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type ContentRequestState = (typeof CONTENT_REQUEST_STATES)[number];
/** A series' first publication, or changes to a published one. */
export const CONTENT_REQUEST_KINDS = ['publish', 'update'] as const;
export type ContentRequestKind = (typeof CONTENT_REQUEST_KINDS)[number];
/** What a request asks for one video: publish it, or take it out of publication. */
export const CONTENT_ITEM_ACTIONS = ['add', 'remove'] as const;
export const CONTENT_ITEM_DECISIONS = ['pending', 'approved', 'rejected'] as const;
export type ContentItemDecision = (typeof CONTENT_ITEM_DECISIONS)[number];

export const CONTENT_NOTE_MAX = 500;
export const POLICY_REASON_LABEL_MAX = 120;
/** At most this many videos in one request (a series' videos beyond it go in a later one). */
export const CONTENT_REQUEST_MAX_VIDEOS = 200;
