import {
  campaignListColumnsSchema,
  CAMPAIGN_LIST_COLUMNS,
  type bulkCampaignStatus,
  type CampaignListColumn,
  type CampaignSummary,
  type EndpointInput,
  type EndpointResponse,
} from '@ads/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Caller } from '../../principal';
import * as repo from './campaigns.repository';

// The campaign list's own tools: pausing or resuming the selected campaigns at once, and the
// user's choice of its columns.

type Move = (p: Caller, input: { id: number; version: number }) => Promise<CampaignSummary>;
type BulkResult = EndpointResponse<typeof bulkCampaignStatus>['results'][number];

/** The key of the list's columns in the user's preferences. */
const COLUMNS_KEY = 'campaignList.columns';

export const createCampaignListTools = ({ db, now, pause, resume }: { db: Db; now: () => Date; pause: Move; resume: Move }) => {
  /**
   * Each campaign as Pause or Resume would move it, one after the other, each in its own
   * transaction with its own version check: one refused (another account's: not found; moved on:
   * stale; not in a state for it) leaves the others done, and each answers why.
   */
  const bulkStatus = async (p: Caller, input: EndpointInput<typeof bulkCampaignStatus>) => {
    const move = input.action === 'pause' ? pause : resume;
    const results: BulkResult[] = [];
    for (const item of input.items) {
      try {
        results.push({ id: item.id, ok: true, campaign: await move(p, item) });
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        results.push({ id: item.id, ok: false, code: String(error.errorCode), message: error.message });
      }
    }
    return { results };
  };

  /** What was stored, the columns still known (a column gone since is dropped). */
  const columnsOf = (row: { value: unknown; version: number } | undefined) => {
    if (!row) return { columns: null, version: 0 };
    const parsed = campaignListColumnsSchema.safeParse(Array.isArray(row.value) ? row.value.filter((c) => (CAMPAIGN_LIST_COLUMNS as readonly unknown[]).includes(c)) : null);
    return { columns: parsed.success ? parsed.data : null, version: row.version };
  };

  /** The signed-in user's own choice: the key is theirs, no id is taken. */
  const listColumns = async (p: Caller) => columnsOf(await repo.findPreference(db, p.userId, COLUMNS_KEY));

  const saveListColumns = async (p: Caller, columns: CampaignListColumn[]) =>
    columnsOf(await repo.savePreference(db, p.userId, COLUMNS_KEY, CAMPAIGN_LIST_COLUMNS.filter((c) => columns.includes(c)), now()));

  return { bulkStatus, listColumns, saveListColumns };
};
