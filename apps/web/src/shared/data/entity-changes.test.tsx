import { QueryClient, QueryClientProvider, useQuery, type QueryKey } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, json } from '../../test/fake-fetch';
import { queryKeys, scopesShowing, type EntityKind } from './query-keys';
import { useContractMutation, useInvalidatingMutation } from './use-contract-mutation';

afterEach(() => vi.unstubAllGlobals());

// The console's views, as their features key them (a campaign list, the overview dashboard, a
// report, the publisher's placements, the wizard's image picker, the series of the video library).
const VIEWS = {
  campaignList: [...queryKeys.campaigns, 'list', { page: 1 }],
  campaignDrawer: [...queryKeys.campaigns, 'detail', 7],
  overview: [...queryKeys.overview, 'advertiser', 'own', 'UTC'],
  report: [...queryKeys.insights, 'report', { from: '2026-03-01' }],
  slotList: [...queryKeys.adSlots, 'slots', 'list', {}],
  placements: [...queryKeys.placements, 'list', {}],
  imagePicker: [...queryKeys.images, 'list', 'picker', { page: 1 }],
  imageGallery: [...queryKeys.images, 'list', { page: 1 }],
  videoPicker: [...queryKeys.videoItems, 'list', 'picker', { page: 1 }],
  accounts: [...queryKeys.accounts, 'list', {}],
  profile: [...queryKeys.profile],
} satisfies Record<string, QueryKey>;
type View = keyof typeof VIEWS;

/** Every view mounted at once, each counting its fetches. */
function renderViews() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const fetches = Object.fromEntries(Object.keys(VIEWS).map((view) => [view, 0])) as Record<View, number>;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const useViews = () =>
    Object.fromEntries(
      (Object.entries(VIEWS) as [View, QueryKey][]).map(([view, queryKey]) => [
        view,
        // eslint-disable-next-line react-hooks/rules-of-hooks -- a fixed list, the same on every render
        useQuery({ queryKey, queryFn: async () => ++fetches[view] }),
      ]),
    );
  return { queryClient, fetches, wrapper, useViews };
}

/** The views a mutation changing `kinds` refetched, once it has resolved. */
async function refetchedBy(kinds: readonly EntityKind[]): Promise<View[]> {
  const { fetches, wrapper, useViews } = renderViews();
  const { result } = renderHook(() => ({ views: useViews(), change: useInvalidatingMutation(async () => 'ok', { changes: kinds }) }), { wrapper });
  await waitFor(() => expect(Object.values(fetches).every((count) => count === 1)).toBe(true));
  await act(() => result.current.change.mutateAsync(undefined));
  return (Object.keys(fetches) as View[]).filter((view) => fetches[view] === 2);
}

describe('a change refreshes every view that shows it', () => {
  it("a campaign's pause, resume, delete, save or submit: the campaign lists and drawers, the overview, the reports, the placements", async () => {
    const views = await refetchedBy(['campaign']);
    expect(views).toEqual(expect.arrayContaining(['campaignList', 'campaignDrawer', 'overview', 'report', 'placements']));
    // The gallery names the ads showing an image (its usage), and the picker is the gallery's list.
    expect(views).toEqual(expect.arrayContaining(['imageGallery', 'imagePicker']));
    expect(views).not.toContain('accounts');
    expect(views).not.toContain('profile');
  });

  it("a slot's or a placement's change: their lists and the overviews", async () => {
    expect(await refetchedBy(['adSlot'])).toEqual(expect.arrayContaining(['slotList', 'placements', 'overview', 'report']));
    expect(await refetchedBy(['placement'])).toEqual(expect.arrayContaining(['placements', 'overview', 'campaignDrawer']));
  });

  it("an image's or a video's change: the libraries and the wizard's pickers", async () => {
    const images = await refetchedBy(['image']);
    expect(images).toEqual(expect.arrayContaining(['imageGallery', 'imagePicker', 'campaignList', 'overview']));
    expect(images).not.toContain('videoPicker');
    expect(await refetchedBy(['video'])).toEqual(expect.arrayContaining(['videoPicker', 'overview']));
  });

  it('marks a view that is not on screen stale, so that it asks again when it is next shown (no 30 s wait)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    queryClient.setQueryData(VIEWS.overview, { impressions: 10 });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const server = fakeFetch({ '/api/Campaign/Pause': () => json(200, { id: 7, version: 3, status: 'paused' }) });
    const { result } = renderHook(() => useContractMutation('campaigns.pauseCampaign', { changes: ['campaign'] }), { wrapper });
    await act(() => result.current.mutateAsync({ id: 7, version: 2 }));
    expect(server.callsTo('/api/Campaign/Pause')).toHaveLength(1);
    expect(queryClient.getQueryState(VIEWS.overview)?.isInvalidated).toBe(true);
  });

  it('refetches a view reached by two named scopes once', async () => {
    const { fetches, wrapper, useViews } = renderViews();
    const { result } = renderHook(
      () => ({ views: useViews(), change: useInvalidatingMutation(async () => 'ok', { changes: ['campaign'], invalidates: [queryKeys.campaigns, VIEWS.campaignList] }) }),
      { wrapper },
    );
    await waitFor(() => expect(fetches.campaignList).toBe(1));
    await act(() => result.current.change.mutateAsync(undefined));
    expect(fetches.campaignList).toBe(2);
  });

  it('every kind is shown somewhere, and every scope naming kinds is in the registry', () => {
    const kinds: EntityKind[] = ['campaign', 'image', 'folder', 'video', 'series', 'adSlot', 'placement', 'slotChoice', 'account', 'statusChange', 'contentRequest'];
    for (const kind of kinds) expect(scopesShowing([kind]).length, kind).toBeGreaterThan(0);
  });
});
