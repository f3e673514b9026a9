import { imageDetail, rejectedImageList } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { anImage, dialogTitled, FakeXhr, fakeAssetServer, renderLibrary } from '../test-helpers';

afterEach(() => vi.unstubAllGlobals());

const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, { type: 'image/png' });

describe('Rejected images: replace', () => {
  it('asks before a file of other dimensions, naming the ads it will no longer fit, and replaces once confirmed', async () => {
    FakeXhr.install();
    const image = anImage(30, { name: 'leaderboard.png', width: 728, height: 90, reviewStatus: 'rejected', version: 2 });
    const server = fakeAssetServer({ images: [image] });
    server.handle(rejectedImageList.path, () =>
      json(200, {
        items: [{ image, review: { id: 1, decision: 'rejected', reason: 'Too much text', reviewer: null, campaign: null, at: image.createdAt, resolvedAt: null } }],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
    );
    renderLibrary('/assetLibrary/imageGallery?tab=rejected');
    await screen.findByText('Too much text');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(document.querySelector<HTMLInputElement>('.rejected-list input[type=file]')!, png('square.png'));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.url).toBe('/api/RejectedImage/Replace?id=30&version=2');
    FakeXhr.sent[0]!.respond(409, {
      errorCode: 'IMAGE_DIMENSIONS_CHANGED',
      error: 'The new file is 200 × 200.',
      uses: [{ kind: 'ad', id: 9, name: 'Top banner', status: 'draft', campaignName: 'Spring' }],
    });
    const dialog = await dialogTitled('The new file is not 728 × 90');
    expect(within(dialog).getByText(/no longer fit this ad/)).toBeTruthy();
    expect(within(dialog).getByText('Top banner')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Replace anyway' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.url).toBe('/api/RejectedImage/Replace?id=30&version=2&confirmDimensions=1');
    expect(FakeXhr.sent[1]!.file.name).toBe('square.png');
    FakeXhr.sent[1]!.respond(200, { ...image, name: 'square.png', width: 200, height: 200, reviewStatus: 'unreviewed', version: 3 });
    expect(await screen.findByText('“square.png” replaced; it will be reviewed again')).toBeTruthy();
  }, 30_000);

  it('keeps the replaced file in the history beside the reviews', async () => {
    const image = anImage(31, { name: 'square.png', width: 200, height: 200 });
    const server = fakeAssetServer({ images: [image] });
    server.handle(imageDetail.path, () =>
      json(200, {
        ...image,
        folderName: null,
        uploadedBy: null,
        inRecycleBin: false,
        usedBy: [],
        reviews: [{ id: 1, decision: 'rejected', reason: 'Too much text', reviewer: null, campaign: null, at: '2026-03-01T10:00:00.000Z', resolvedAt: '2026-03-02T10:00:00.000Z' }],
        replacements: [
          { id: 4, name: 'leaderboard.png', width: 728, height: 90, bytes: 100, uploadedAt: '2026-02-28T10:00:00.000Z', replacedAt: '2026-03-02T10:00:00.000Z', replacedBy: { id: 7, name: 'Avery' } },
        ],
      }),
    );
    renderLibrary('/assetLibrary/imageGallery?image=31');
    const drawer = await dialogTitled('Image details');
    expect(await within(drawer).findByText(/Was “leaderboard.png”, 728 × 90, uploaded/)).toBeTruthy();
    expect(within(drawer).getByText('Too much text')).toBeTruthy();
  }, 30_000);
});
