import { CONFIRM_WIDTH, MODAL_WIDTH } from '@ads/contracts';
import { Modal, type ModalFuncProps, type ModalProps } from 'antd';
import { useCallback } from 'react';

// antd 6's ConfigProvider has no width setting for modals, so the seed's widths (§9) are applied
// here; every dialog of the app goes through these. (antd's own defaults happen to match; these
// keep the numbers ours.)

/**
 * A confirm dialog, 416 wide unless told otherwise. Render the returned holder in the component:
 * it carries the ConfigProvider's theme and locale into the dialog.
 */
export function useConfirm() {
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback((config: ModalFuncProps) => modal.confirm({ width: CONFIRM_WIDTH, ...config }), [modal]);
  return [confirm, holder] as const;
}

/** A modal, 520 wide unless told otherwise. */
export function AppModal(props: ModalProps) {
  return <Modal width={MODAL_WIDTH} {...props} />;
}
