import { CONFIRM_WIDTH } from '@ads/contracts';
import { Modal } from 'antd';
import { useEffect, useSyncExternalStore } from 'react';
import type { ConfirmQueue } from './confirm';

// antd's side of useConfirm (confirm.tsx): loaded with antd when a confirm is first asked for; opens
// each waiting confirm with antd's modal, whose dialogs live in its holder here.

export default function ConfirmHost({ queue }: { queue: ConfirmQueue }) {
  const [modal, holder] = Modal.useModal();
  const pending = useSyncExternalStore(queue.subscribe, queue.pending, queue.pending);
  useEffect(() => {
    if (!pending.length) return;
    for (const request of queue.take()) request.start((config) => modal.confirm({ width: CONFIRM_WIDTH, ...config }));
  }, [modal, pending, queue]);
  return holder;
}
