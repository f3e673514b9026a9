import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accepts, UploadButton, UploadDropZone } from './upload-panel';

const ACCEPT = '.png,image/png,image/webp';
const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const text = (name: string) => new File(['x'], name, { type: 'text/plain' });

describe('upload pickers', () => {
  it('matches files against accept by extension, type or a type family', () => {
    expect(accepts(png('a.PNG'), ACCEPT)).toBe(true);
    expect(accepts(new File([''], 'b', { type: 'image/webp' }), ACCEPT)).toBe(true);
    expect(accepts(text('notes.txt'), ACCEPT)).toBe(false);
    expect(accepts(new File([''], 'c.mov', { type: 'video/quicktime' }), 'video/*')).toBe(true);
  });

  it('the Upload button opens a hidden picker of several files, each handed over in order', async () => {
    const onFiles = vi.fn();
    render(<UploadButton accept={ACCEPT} label="Upload" onFiles={onFiles} />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.multiple).toBe(true);
    expect(input.accept).toBe(ACCEPT);
    const opened = vi.spyOn(input, 'click');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(opened).toHaveBeenCalled();
    await userEvent.upload(input, [png('a.png'), png('b.png')]);
    expect(onFiles.mock.calls).toEqual([[[expect.objectContaining({ name: 'a.png' })]], [[expect.objectContaining({ name: 'b.png' })]]]);
    // Emptied, so that the same file can be picked again.
    expect(input.value).toBe('');
  });

  it('the drop zone opens the picker on a click, Enter or Space, and takes dropped files the picker would offer', async () => {
    const onFiles = vi.fn();
    render(<UploadDropZone accept={ACCEPT} text="Drop images here" hint="PNG, at most 5 MB" onFiles={onFiles} />);
    const zone = screen.getByRole('button', { name: /Drop images here/ });
    const opened = vi.spyOn(document.querySelector<HTMLInputElement>('.upload-dropzone input[type=file]')!, 'click');
    await userEvent.click(zone);
    zone.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(opened).toHaveBeenCalledTimes(3);

    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone.className).toContain('is-dragover');
    fireEvent.drop(zone, { dataTransfer: { files: [png('a.png'), text('notes.txt')] } });
    expect(zone.className).not.toContain('is-dragover');
    expect(onFiles.mock.calls).toEqual([[[expect.objectContaining({ name: 'a.png' })]]]);
  });
});
