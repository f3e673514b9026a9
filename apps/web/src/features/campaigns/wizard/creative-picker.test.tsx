import { imageList } from '@ads/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../shared/i18n/i18n';
import { fakeEndpoint, fakeFetch } from '../../../test/fake-fetch';
import { anImage, dialogTitled } from '../../../test/fixtures';
import { renderPages } from '../../../test/render';
import '../messages/register';
import CreativePicker from './creative-picker';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en-US');
});

const REJECTED_AT = '2026-02-20T09:30:00.000Z';
const library = [
  anImage(1, { name: 'approved.png', reviewStatus: 'approved' }),
  anImage(2, { name: 'rejected.png', reviewStatus: 'rejected', rejection: { reason: 'Text covers the product.', at: REJECTED_AT, campaign: { id: 4, name: 'Winter' } } }),
  anImage(3, { name: 'new.png' }),
];

function renderPicker() {
  fakeFetch(fakeEndpoint(imageList, ({ page = 1, pageSize = 24 }) => ({ items: library, total: library.length, page, pageSize })));
  const onPick = vi.fn();
  renderPages({ routes: [{ path: '/', element: <CreativePicker kind="image" onPick={onPick} onClose={() => undefined} /> }], path: '/', powers: ['asset.read'] });
  return onPick;
}

const card = async (name: string) => (await screen.findByText(name)).closest('button')!;

describe("the wizard's image picker", () => {
  it("shows each image's review status, and why and when a rejected one was rejected", async () => {
    renderPicker();
    expect(within(await card('approved.png')).getByText('Approved')).toBeTruthy();
    expect(within(await card('new.png')).getByText('Not yet reviewed')).toBeTruthy();
    const rejected = await card('rejected.png');
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText(/^Rejected .*2026.*: Text covers the product\.$/)).toBeTruthy();
  });

  it('picks an image review has not rejected at once', async () => {
    const onPick = renderPicker();
    await userEvent.click(await card('approved.png'));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ kind: 'image', id: 1, name: 'approved.png' }));
  });

  it('warns before a rejected image is used again, and uses it only when told', async () => {
    const onPick = renderPicker();
    await userEvent.click(await card('rejected.png'));
    const warning = await dialogTitled('Use an image that review rejected?');
    expect(within(warning).getByText(/^Rejected .*2026.*: Text covers the product\.$/)).toBeTruthy();
    expect(within(warning).getByText('The ad goes to review again, and the reviewer will see that “rejected.png” was rejected before.')).toBeTruthy();
    await userEvent.click(within(warning).getByRole('button', { name: 'Choose another' }));
    await waitFor(() => expect(screen.queryByText('Use an image that review rejected?')).toBeNull());
    expect(onPick).not.toHaveBeenCalled();

    await userEvent.click(await card('rejected.png'));
    await userEvent.click(within(await dialogTitled('Use an image that review rejected?')).getByRole('button', { name: 'Use it anyway' }));
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2, name: 'rejected.png' })));
  });

  it('says it in Chinese too', async () => {
    await setLanguage('zh-CN');
    renderPicker();
    expect(within(await card('rejected.png')).getByText(/被拒绝：Text covers the product\./)).toBeTruthy();
    expect(within(await card('new.png')).getByText('尚未审核')).toBeTruthy();
  });
});
