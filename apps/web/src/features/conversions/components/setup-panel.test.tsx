import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialogTitled } from '../../../test/fixtures';
import { aTag, fakeClipboard, fakeConversionServer, openDrawer, PATHS } from '../test-helpers';

describe('conversion tracking: setup', () => {
  it('gives the tag with this server\'s address and the account\'s tag id, and copies it', async () => {
    fakeConversionServer();
    const copied = fakeClipboard();
    await openDrawer();

    const tag = `<script src="${window.location.origin}/serve/conversion.js?tag=tagAbc123xyz"></script>`;
    expect(screen.getByLabelText('Tag code').textContent).toContain(tag);
    expect(screen.getByLabelText('Conversion call').textContent).toContain("adsConversion({ order: 'ORDER-1234', value: 1999 });");
    // The value is in cents of the account's currency, said with an example.
    expect(screen.getByText(/1999 is \$19\.99/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy: Tag code' }));
    await waitFor(() => expect(copied).toEqual([tag]));
    expect(await screen.findByText('Copied.')).toBeTruthy();
  });

  it('explains the postback: its address, body fields and what to sign', async () => {
    fakeConversionServer();
    await openDrawer();

    expect(screen.getByLabelText('Postback request').textContent).toContain(`POST ${window.location.origin}/serve/postback`);
    for (const field of ['tag', 'clid', 'order', 'value', 'ts', 'signature']) expect(screen.getByText(field, { selector: 'dt code' })).toBeTruthy();
    expect(screen.getByLabelText('What to sign').textContent).toContain("HMAC-SHA256(secret, tag + '.' + clid + '.' + order + '.' + value + '.' + ts)");
    expect(screen.getByText(/within 10 minutes of ours/)).toBeTruthy();
  });

  it('hides the secret until Show, and copies it', async () => {
    fakeConversionServer();
    const copied = fakeClipboard();
    await openDrawer();

    expect(screen.queryByText(aTag().secret)).toBeNull();
    expect(screen.getByText('The secret is hidden.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(aTag().secret)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText(aTag().secret)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Copy secret' }));
    await waitFor(() => expect(copied).toEqual([aTag().secret]));
  });

  it('rotates the secret only after a warning that old signatures stop working at once', async () => {
    const server = fakeConversionServer();
    await openDrawer();

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const dialog = await dialogTitled('Rotate the postback secret?');
    expect(dialog.textContent).toContain('Postbacks signed with the current secret are refused from the moment you rotate it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo(PATHS.rotate)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(within(await dialogTitled('Rotate the postback secret?')).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('The secret was rotated. Postbacks signed with the old one are refused now.')).toBeTruthy();
    expect(server.callsTo(PATHS.rotate).map((call) => call.body)).toEqual([{ version: 1 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('rotated-secret-1-0123456789abcdef')).toBeTruthy();
  });

  it('says so when the tag changed meanwhile, and shows the tag as it is now', async () => {
    const server = fakeConversionServer();
    await openDrawer();
    // Another user rotated it since the drawer loaded.
    Object.assign(server.tag, { version: 2, secret: 'someone-elses-secret-0123456789abcdef' });

    fireEvent.click(screen.getByRole('button', { name: 'Rotate secret' }));
    fireEvent.click(within(await dialogTitled('Rotate the postback secret?')).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('Someone changed the conversion settings meanwhile. Reload and try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('someone-elses-secret-0123456789abcdef')).toBeTruthy();
  });

  it('lets a reader see the setup without offering to rotate', async () => {
    fakeConversionServer();
    await openDrawer({ powers: ['campaign.read'] });

    expect(screen.getByRole('button', { name: 'Show' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Rotate secret' })).toBeNull();
    expect(screen.getByText('You can read these settings; changing them needs permission to edit campaigns.')).toBeTruthy();
  });
});
