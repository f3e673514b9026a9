import * as contracts from '@ads/contracts';
import { createFolder, folderTree, imageList, renameFolder, uploadImage } from '@ads/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { multipart } from './multipart';
import { endpointsTagged, foreign, idFieldsOf, proveForeignIdsAnswer404 } from './tenancy';
import { addTestAccount, buildTestApp, type TestApp } from './test-app';

describe('typed test client', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('sends a POST as JSON and answers the parsed, typed answer', async () => {
    const res = await t.as('advertiser').call(createFolder, { name: 'Typed client' });
    expect(res.status, res.text).toBe(200);
    expect(res.ok).toBe(true);
    // Typed: `id` is a number, `parentId` number | null, as the contract says.
    const { id, parentId }: { id: number; parentId: number | null } = res.body;
    expect(parentId).toBeNull();
    const tree = await t.as('advertiser').ok(folderTree);
    expect(tree.items.map((f) => f.id)).toContain(id);
  });

  it('sends a GET payload in the query string, lists repeating the key', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const uploaded = await t.as('advertiser').send(uploadImage, {}, multipart(png, 'query-string-probe.png'));
    expect(uploaded.status, uploaded.text).toBe(200);
    const found = await t.as('advertiser').call(imageList, { search: 'query-string-probe', pageSize: 5 });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ total: 1, pageSize: 5, items: [{ id: uploaded.body.id, name: 'query-string-probe.png' }] });
    const url = found.raw.raw.req.url;
    expect(url).toBe('/api/Image/List?search=query-string-probe&pageSize=5');
  });

  it('answers a failure as the typed error body, and refuses to read the other side', async () => {
    const folder = await t.as('advertiser').ok(createFolder, { name: 'Stale' });
    await t.as('advertiser').ok(renameFolder, { id: folder.id, version: folder.version, name: 'Stale 2' });
    const stale = await t.as('advertiser').call(renameFolder, { id: folder.id, version: folder.version, name: 'Stale 3' });
    expect(stale.status).toBe(409);
    expect(stale.ok).toBe(false);
    expect(stale.error.errorCode).toBe('STALE_VERSION');
    expect(() => stale.body).toThrow(/expected an answer: POST \/api\/Folder\/Rename answered 409/);
    const fine = await t.as('advertiser').call(folderTree);
    expect(() => fine.error).toThrow(/expected an error body/);
    await expect(t.as('advertiser').ok(renameFolder, { id: folder.id, version: folder.version, name: 'Stale 4' })).rejects.toThrow(/409/);
  });

  it('calls as no one, as a token, or as any user by email', async () => {
    const anonymous = await t.as('anonymous').call(folderTree);
    expect(anonymous.status).toBe(401);
    expect(anonymous.error.errorCode).toBe('UNAUTHORIZED');
    const token = await t.as('advertiser').token();
    expect((await t.as({ token }).call(folderTree)).status).toBe(200);
    const other = await addTestAccount(t, 'advertiser', 'Client Other');
    const theirs = await t.as(other.user).ok(createFolder, { name: 'Theirs' });
    const mine = await t.as('advertiser').ok(folderTree);
    expect(mine.items.map((f) => f.id)).not.toContain(theirs.id);
    // A wrong password is a failed sign-in, not a silent anonymous call.
    await expect(t.as({ email: other.user.email, password: 'wrong password 1' }).call(folderTree)).rejects.toThrow(/sign-in as client-other@example.com failed: 400/);
  });

  it('checks payloads against the contract at compile time; callUnchecked sends what the contract refuses', async () => {
    const caller = t.as('advertiser');
    // Never sent: the calls are only type-checked (the function is not run).
    const typeChecks = () => [
      // @ts-expect-error the name is a string
      caller.call(createFolder, { name: 42 }),
      // @ts-expect-error renameFolder needs id and version
      caller.call(renameFolder, { name: 'x' }),
      // @ts-expect-error renameFolder takes a payload
      caller.call(renameFolder),
    ];
    expect(typeChecks).toBeTypeOf('function');
    const refused = await caller.callUnchecked(createFolder, { name: 42 });
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ errorCode: 'VALIDATION_FAILED', fields: { name: expect.any(String) } });
  });

  it("fails a call whose answer does not match the contract's response", async () => {
    const lying = { ...folderTree, response: z.object({ items: z.array(z.object({ id: z.string() })) }) };
    await expect(t.as('advertiser').call(lying)).rejects.toThrow(/does not match the contract's response/);
  });
});

describe('tenancy helper', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('finds the fields that name a record by id, nested ones included', () => {
    expect(idFieldsOf(contracts.renameFolder.request)).toEqual(['id']);
    expect(idFieldsOf(contracts.moveImages.request)).toEqual(['ids', 'folderId']);
    expect(idFieldsOf(contracts.recycleRestore.request)).toEqual(['items[].id']);
    expect(idFieldsOf(contracts.completeVideoUpload.request)).toEqual(['uploadId']);
    expect(idFieldsOf(contracts.folderTree.request)).toEqual([]);
  });

  it('refuses a module whose id-taking endpoint is neither called nor exempted', async () => {
    const stranger = t.as('publisher');
    await expect(
      proveForeignIdsAnswer404({
        stranger,
        module: endpointsTagged(contracts, 'Folder'),
        calls: [foreign(contracts.renameFolder, { id: 1, version: 1, name: 'x' })],
        unchanged: async () => null,
      }),
    ).rejects.toThrow(/POST \/api\/Folder\/Move/);
  });

  it('fails when a foreign id is answered with anything but 404', async () => {
    const owner = await t.as('advertiser').ok(createFolder, { name: 'Owned' });
    // The owner calling with their own id: answered 200, so the proof fails.
    await expect(
      proveForeignIdsAnswer404({
        stranger: t.as('advertiser'),
        module: [contracts.renameFolder],
        calls: [foreign(contracts.renameFolder, { id: owner.id, version: owner.version, name: 'Renamed' })],
        unchanged: async () => null,
      }),
    ).rejects.toThrow(/POST \/api\/Folder\/Rename .*: expected 200 to be 404/);
  });

  it("fails when the owner's records changed", async () => {
    const owner = await t.as('advertiser').ok(createFolder, { name: 'Watched' });
    let reads = 0;
    await expect(
      proveForeignIdsAnswer404({
        stranger: t.as('publisher'),
        module: [contracts.deleteFolder],
        // The publisher lacks the power (403): exempted here to reach the comparison.
        calls: [],
        exempt: { 'POST /api/Folder/Delete': 'this test checks the comparison' },
        unchanged: async () => ({ id: owner.id, reads: reads++ }),
      }),
    ).rejects.toThrow(/the owner's records after the stranger's calls/);
  });
});
