import type { StorageUsage } from '@ads/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { fakeVideoServer, renderVideoLibrary } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const MiB = 1024 * 1024;
const usage: StorageUsage = {
  accountId: 1,
  usedBytes: 600 * MiB,
  quotaBytes: 1024 * MiB,
  imageBytes: 0,
  videoBytes: 100 * MiB,
  recycleBinBytes: 0,
  reservedBytes: 500 * MiB,
  openUploads: 1,
  maxOpenUploads: 5,
};

describe('Video library: storage usage', () => {
  it('shows the storage used of the quota, unfinished uploads included', async () => {
    const server = fakeVideoServer();
    server.handle('/api/Video/Usage', () => json(200, usage));
    renderVideoLibrary();
    const bar = await screen.findByTestId('storage-usage');
    expect(within(bar).getByText('Storage: 600 MB of 1 GB used')).toBeTruthy();
    expect(within(bar).getByRole('meter', { name: 'Storage' }).getAttribute('aria-valuemax')).toBe(String(1024 * MiB));
    expect(server.callsTo('/api/Video/Usage')).toHaveLength(1);
  });
});
