import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirm, type ConfirmInstance } from './confirm';

/** A component that asks with `ask` (given confirm) when its button is pressed. */
function Asker({ ask }: { ask: (confirm: ReturnType<typeof useConfirm>[0]) => void }) {
  const [confirm, holder] = useConfirm();
  return (
    <>
      <button type="button" onClick={() => ask(confirm)}>
        Ask
      </button>
      {holder}
    </>
  );
}

describe('useConfirm', () => {
  it('renders nothing of antd until asked; then opens antd’s confirm, 416 wide, and runs OK', async () => {
    const onOk = vi.fn();
    render(<Asker ask={(confirm) => void confirm({ title: 'Delete “hero.png”?', okText: 'Delete', cancelText: 'Cancel', onOk })} />);
    expect(document.querySelector('.ant-modal')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Delete “hero.png”?');
    expect(document.querySelector<HTMLElement>('.ant-modal')!.style.width).toBe('416px');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('can be awaited (true on OK, false on Cancel), updated and closed, even before antd has loaded', async () => {
    const answers: boolean[] = [];
    let shown: ConfirmInstance | undefined;
    render(
      <Asker
        ask={(confirm) => {
          // Both asked at once: the first is closed before it ever shows, the second is updated.
          confirm({ title: 'Never shown' }).destroy();
          shown = confirm({ title: 'First title', okText: 'Yes', cancelText: 'No' });
          shown.update({ title: 'Second title' });
          void shown.then((confirmed) => answers.push(confirmed), () => {});
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('Second title');
    expect(screen.queryByText('Never shown')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(answers).toEqual([false]));
  });

  it('keeps its holder and confirm the same between renders', () => {
    const seen = new Set<unknown>();
    function Watcher({ n }: { n: number }) {
      const [confirm, holder] = useConfirm();
      useEffect(() => {
        seen.add(confirm);
        seen.add(holder);
      });
      return <span>{n}</span>;
    }
    const { rerender } = render(<Watcher n={1} />);
    rerender(<Watcher n={2} />);
    expect(seen.size).toBe(2);
  });
});
