import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { NameDialog } from './name-dialog';
import { Toaster } from './toaster';

const renderDialog = (onSave: (name: string) => Promise<void>, onClose = vi.fn()) => {
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <NameDialog
        title="Rename “Spring”"
        label="Folder name"
        okText="Save"
        cancelText="Cancel"
        initialName="Spring"
        maxLength={10}
        messages={{ required: 'Enter a name', tooLong: 'At most 10 characters' }}
        onSave={onSave}
        errorText={(cause) => (cause instanceof ApiError ? `Refused: ${cause.detail}` : 'Something went wrong')}
        onClose={onClose}
      />
      <Toaster />
    </ConfigProvider>,
  );
  return { field: screen.getByLabelText('Folder name'), save: screen.getByRole('button', { name: 'Save' }), onClose };
};

describe('name dialog', () => {
  it('checks the name before saving, then saves it and closes', async () => {
    const onSave = vi.fn(async () => {});
    const { field, save, onClose } = renderDialog(onSave);
    await userEvent.clear(field);
    await userEvent.type(field, '   ');
    await userEvent.click(save);
    expect(await screen.findByText('Enter a name')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'Summer');
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith('Summer');
  });

  it('shows a refused name under the field and keeps the dialog open; other failures as a message', async () => {
    const taken = new ApiError({ code: 'NAME_TAKEN', message: 'x', detail: 'the name is taken' });
    const onSave = vi.fn().mockRejectedValueOnce(taken).mockRejectedValueOnce(new Error('offline'));
    const { save, onClose } = renderDialog(onSave);
    await userEvent.click(save);
    expect(await screen.findByText('Refused: the name is taken')).toBeTruthy();
    await userEvent.click(save);
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('checks the name by the contracts\' rule: no direction marks, invisible or control characters; saves it in NFC', async () => {
    const onSave = vi.fn(async () => {});
    const { field, save, onClose } = renderDialog(onSave);
    await userEvent.clear(field);
    // userEvent.type would read the braces; paste puts the text in as it is.
    await userEvent.click(field);
    await userEvent.paste('a\u202Egnp.exe');
    await userEvent.click(save);
    expect(await screen.findByText('Names cannot contain line breaks, control characters, invisible characters or text-direction marks.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.paste('Cafe\u0301');
    await userEvent.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith('Café');
  });
});
