import type { AdSlot, ImageListItem } from '@ads/contracts';

// Records as the server answers them, for component tests of any feature.

export const FIXTURE_NOW = '2026-03-01T10:00:00.000Z';

/** An image of the library: `image-<id>.png`, 300 × 250, unreviewed, with signed-looking links. */
export const anImage = (id: number, overrides: Partial<ImageListItem> = {}): ImageListItem => ({
  id,
  accountId: 1,
  folderId: null,
  name: `image-${id}.png`,
  format: 'png',
  mime: 'image/png',
  width: 300,
  height: 250,
  bytes: 2048 * id,
  sha256: `${id}`.padStart(64, 'a'),
  reviewStatus: 'unreviewed',
  version: 1,
  createdAt: FIXTURE_NOW,
  updatedAt: FIXTURE_NOW,
  thumbnailUrl: `/api/Image/File?id=${id}&variant=thumbnail&exp=1&sig=x`,
  url: `/api/Image/File?id=${id}&exp=1&sig=x`,
  downloadUrl: `/api/Image/File?id=${id}&download=1&exp=1&sig=x`,
  rejection: null,
  ...overrides,
});

/**
 * The dialog (modal, confirm or drawer) with this title. antd's ids are all "test-id" under test,
 * so dialogs cannot be found by their accessible name.
 */
export async function dialogTitled(title: string | RegExp): Promise<HTMLElement> {
  const { screen, waitFor } = await import('@testing-library/react');
  return waitFor(() => {
    const heading = screen
      .getAllByText(title)
      .map((element) => element.closest<HTMLElement>('.ant-modal-title, .ant-drawer-title, .ant-modal-confirm-title'))
      .find(Boolean);
    const dialog = heading?.closest<HTMLElement>('[role=dialog], .ant-drawer-content, .ant-modal');
    if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
    return dialog;
    // A first dialog loads antd's drawer or modal: on a loaded machine (the whole suite at once)
    // that took longer than the default wait.
  }, { timeout: 15_000 });
}

const SLOT_NOW = '2026-11-20T10:00:00.000Z';

/** A publisher's ad slot as the slot calls answer it: `Slot <id>`, a 728 × 90 header banner, a draft. */
export const anAdSlot = (id: number, overrides: Partial<AdSlot> = {}): AdSlot => ({
  id,
  accountId: 2,
  accountName: 'Fabrikam News',
  currency: 'USD',
  platform: 'site',
  propertyName: 'Fabrikam News',
  propertyId: 'news.fabrikam.test',
  name: `Slot ${id}`,
  code: `slot-${id}`,
  position: 'header',
  format: 'banner',
  width: 728,
  height: 90,
  floorCpmMinor: 250,
  placementPolicy: 'manual',
  status: 'draft',
  reviewReason: null,
  submittedAt: null,
  reviewedAt: null,
  tagKey: `key${id}`,
  tagSeenAt: null,
  checks: null,
  checkedAt: null,
  liveAt: null,
  version: 1,
  createdAt: SLOT_NOW,
  updatedAt: SLOT_NOW,
  ...overrides,
});
