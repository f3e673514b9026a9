import type { StorageUsage } from '@ads/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { fakeAssetServer, renderLibrary } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const MiB = 1024 * 1024;
const usage = (overrides: Partial<StorageUsage> = {}): StorageUsage => ({
  accountId: 1,
  usedBytes: 3 * MiB,
  quotaBytes: 10 * 1024 * MiB,
  imageBytes: 2 * MiB,
  videoBytes: 0,
  recycleBinBytes: 0,
  reservedBytes: 1 * MiB,
  openUploads: 1,
  maxOpenUploads: 5,
  ...overrides,
});

describe('Image gallery: storage usage', () => {
  it('shows the storage used of the quota, naming what the recycle bin still takes', async () => {
    const server = fakeAssetServer();
    server.handle('/api/Image/Usage', () => json(200, usage({ usedBytes: 5 * MiB, recycleBinBytes: 2 * MiB })));
    renderLibrary();
    const bar = await screen.findByTestId('storage-usage');
    expect(within(bar).getByText('Storage: 5 MB of 10 GB used')).toBeTruthy();
    expect(within(bar).getByRole('meter', { name: 'Storage' }).getAttribute('aria-valuenow')).toBe(String(5 * MiB));
    expect(within(bar).getByText('Includes 2 MB in the recycle bin')).toBeTruthy();
  });

  it('says when the storage is full', async () => {
    const server = fakeAssetServer();
    server.handle('/api/Image/Usage', () => json(200, usage({ usedBytes: 1024 * MiB, quotaBytes: 1024 * MiB })));
    renderLibrary();
    expect(await screen.findByText('Storage is full: delete files or empty the recycle bin to upload more')).toBeTruthy();
  });

  it('is not shown to those who only read the library', async () => {
    const server = fakeAssetServer();
    server.handle('/api/Image/Usage', () => json(200, usage()));
    renderLibrary('/assetLibrary/imageGallery', { powers: ['asset.read'] });
    await screen.findByRole('navigation', { name: 'Folders' });
    expect(screen.queryByTestId('storage-usage')).toBeNull();
    expect(server.callsTo('/api/Image/Usage')).toEqual([]);
  });
});
