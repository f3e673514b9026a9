import { imageList, renameImage, seriesList, type Image } from '@ads/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contractViolations, fakeEndpoint, fakeFetch, json } from '../../test/fake-fetch';
import { anImage } from '../../test/fixtures';
import { setSession } from '../session';
import { useHasPower } from '../use-has-power';
import { callEndpoint } from './call-endpoint';
import { queryKeys } from './query-keys';
import { useContractMutation } from './use-contract-mutation';
import { useContractQuery } from './use-contract-query';

afterEach(() => vi.unstubAllGlobals());


function withClient() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 60_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, wrapper };
}

function fakeLibrary() {
  let images = [anImage(1, { name: 'a.png' })];
  const server = fakeFetch({
    ...fakeEndpoint(imageList, ({ page = 1, pageSize = 50 }) => ({ items: images, total: images.length, page, pageSize })),
    ...fakeEndpoint(renameImage, ({ id, name }) => {
      images = images.map((image) => (image.id === id ? { ...image, name, version: image.version + 1 } : image));
      return images.find((image) => image.id === id)!;
    }),
    ...fakeEndpoint(seriesList, () => ({ items: [] })),
  });
  return server;
}

describe('useContractQuery and useContractMutation', () => {
  it('refetches the scopes a mutation names, once the call succeeds, and nothing else', async () => {
    const server = fakeLibrary();
    const { queryClient, wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        images: useContractQuery('assets.imageList', { page: 1 }, { queryKey: [...queryKeys.images, 'list', 1] }),
        series: useContractQuery('videos.seriesList', {}, { queryKey: queryKeys.series }),
        rename: useContractMutation('assets.renameImage', { invalidates: [queryKeys.images] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.images.data?.items[0]?.name).toBe('a.png'));
    expect(Object.fromEntries(server.callsTo(imageList.path)[0]!.query)).toEqual({ page: '1' });

    await act(() => result.current.rename.mutateAsync({ id: 1, version: 1, name: 'b.png' }));
    // The mutation resolves once the list it changed shows the change.
    expect(result.current.images.data?.items[0]?.name).toBe('b.png');
    expect(server.callsTo(imageList.path)).toHaveLength(2);
    expect(server.callsTo(seriesList.path)).toHaveLength(1);
    expect(queryClient.getQueryState(queryKeys.series)?.isInvalidated).toBe(false);
  });

  it('invalidates nothing when the call fails', async () => {
    const server = fakeLibrary();
    server.handle(renameImage.path, () => json(409, { errorCode: 'NAME_TAKEN', error: 'Taken' }));
    const { wrapper } = withClient();
    const { result } = renderHook(
      () => ({
        images: useContractQuery('assets.imageList', { page: 1 }, { queryKey: [...queryKeys.images, 'list', 1] }),
        rename: useContractMutation('assets.renameImage', { invalidates: [queryKeys.images] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.images.isSuccess).toBe(true));
    await act(async () => {
      await expect(result.current.rename.mutateAsync({ id: 1, version: 1, name: 'b.png' })).rejects.toMatchObject({ code: 'NAME_TAKEN' });
    });
    expect(server.callsTo(imageList.path)).toHaveLength(1);
  });

  it('shows an optimistic change at once, rolls it back when the server refuses and refetches it', async () => {
    const server = fakeLibrary();
    let refuse = () => {};
    server.handle(renameImage.path, () => new Promise<Response>((resolve) => (refuse = () => resolve(json(409, { errorCode: 'STALE', error: 'Stale' })))));
    const { queryClient, wrapper } = withClient();
    const key = [...queryKeys.images, 'list', 1];
    const failures: string[] = [];
    const { result } = renderHook(
      () => ({
        images: useContractQuery('assets.imageList', { page: 1 }, { queryKey: key }),
        rename: useContractMutation('assets.renameImage', {
          optimistic: {
            queryKey: key,
            update: (data: { items: Image[] } | undefined, { name }) => data && { ...data, items: data.items.map((image) => ({ ...image, name })) },
          },
          onError: (error) => failures.push(error.message),
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.images.isSuccess).toBe(true));
    act(() => result.current.rename.mutate({ id: 1, version: 1, name: 'b.png' }));
    await waitFor(() => expect(result.current.images.data?.items[0]?.name).toBe('b.png'));
    refuse();
    await waitFor(() => expect(result.current.rename.isError).toBe(true));
    expect(queryClient.getQueryData<{ items: Image[] }>(key)?.items[0]?.name).toBe('a.png');
    expect(failures).toHaveLength(1);
    await waitFor(() => expect(server.callsTo(imageList.path)).toHaveLength(2));
  });

  it('calls by key: the route of ENDPOINTS, typed by its contract', async () => {
    const server = fakeLibrary();
    const answer = await callEndpoint('assets.imageList', { page: 2, pageSize: 10 });
    // Typed by the key's contract: renameFolder's payload is not createFolder's.
    // @ts-expect-error: createFolder takes no id or version.
    const mismatched = () => callEndpoint('assets.createFolder', { id: 1, version: 1, name: 'x' });
    expect(mismatched).toBeTypeOf('function');
    expect(answer).toMatchObject({ page: 2, pageSize: 10, total: 1 });
    expect(server.callsTo(imageList.path)[0]!.method).toBe('GET');
  });
});

describe('fakeEndpoint', () => {
  it('answers 400 to what the contract refuses and records it', async () => {
    fakeLibrary();
    await expect(callEndpoint('assets.renameImage', { id: 1, version: 1, name: '' })).rejects.toMatchObject({ statusCode: 400 });
    expect(contractViolations.splice(0)).toEqual([expect.stringContaining('POST /api/Image/Rename was sent')]);
  });

  it('answers 500 when the fake answers what the contract does not describe, and records it', async () => {
    fakeFetch(fakeEndpoint(seriesList, () => ({ items: [{ id: 'one' }] }) as never));
    await expect(callEndpoint('videos.seriesList', {})).rejects.toMatchObject({ statusCode: 500 });
    expect(contractViolations.splice(0)).toEqual([expect.stringContaining('GET /api/Series/List answered')]);
  });
});

describe('useHasPower', () => {
  it("reads the signed-in user's powers", () => {
    setSession('tok', {
      roles: [{ name: 'Advertiser' }],
      menus: [],
      powers: [{ code: 'asset.read' }],
      userBasicInfo: { email: 'a@demo.test', name: 'A', accountId: 1, accountName: 'A', accountKind: 'advertiser' },
    });
    const { result } = renderHook(() => [useHasPower('asset.read'), useHasPower('asset.write')]);
    expect(result.current).toEqual([true, false]);
  });
});
