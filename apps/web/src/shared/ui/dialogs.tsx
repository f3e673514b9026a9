import { MODAL_WIDTH } from '@ads/contracts';
import { Modal as AntdModal, type ModalProps } from 'antd';
import { scoped } from './antd-scope';
import { FieldContext } from './field-context';

// antd 6's ConfigProvider has no width setting for modals, so the dialog widths (CONFIRM_WIDTH,
// MODAL_WIDTH) are applied here and in confirm.tsx (useConfirm, which loads antd only when a
// confirm is first asked for); every dialog of the app goes through these. (antd's own defaults
// happen to match; these keep the numbers ours.)

export type { ModalProps };
const Modal = /* @__PURE__ */ scoped(AntdModal);

/**
 * A modal, 520 wide unless told otherwise. Opened from a form's field, its own fields are not that
 * field's (nor in its error), as antd's Modal does for its Form.Item.
 */
export function AppModal(props: ModalProps) {
  return (
    <FieldContext value={null}>
      <Modal width={MODAL_WIDTH} {...props} />
    </FieldContext>
  );
}
