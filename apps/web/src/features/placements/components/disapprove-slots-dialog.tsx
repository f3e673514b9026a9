import { REVIEW_REASON_MAX } from '@ads/contracts';
import { useMemo } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { AppModal } from '../../../shared/ui/dialogs';
import { Form } from '../../../shared/ui/form';
import { Input } from '../../../shared/ui/input';
import { showToast } from '../../../shared/ui/toast';
import { useDisapproveSlots } from '../api';
import { errorText } from './format';
import type { SlotRef } from './slot-decisions';

interface DisapproveDialogProps {
  slots: readonly SlotRef[];
  onClose: () => void;
  onDone: () => void;
}

/** The reason a slot is disapproved (required): the team reads it on Disapproved Placements. */
export default function DisapproveSlotsDialog({ slots, onClose, onDone }: DisapproveDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const disapprove = useDisapproveSlots();
  const one = slots.length === 1 ? slots[0] : undefined;
  const rules = useMemo(
    () => [
      { required: true, whitespace: true, message: t('brandSafety.decide.reasonRequired') },
      {
        validator: async (_rule: unknown, value: string | undefined) => {
          if ((value ?? '').trim().length > REVIEW_REASON_MAX) throw new Error(t('brandSafety.decide.reasonTooLong', { max: REVIEW_REASON_MAX }));
        },
      },
    ],
    [t],
  );

  const submit = async ({ reason }: { reason: string }) => {
    try {
      const { items } = await disapprove.mutateAsync({ slotIds: slots.map((slot) => slot.id), reason: reason.trim() });
      showToast('success', one ? t('brandSafety.decide.disapprovedOne', { name: one.name }) : t('brandSafety.decide.disapprovedMany', { count: items.length }));
      onDone();
    } catch (cause) {
      // The dialog stays open with the reason typed.
      showToast('error', errorText(t, cause));
    }
  };

  return (
    <AppModal
      open
      title={one ? t('brandSafety.decide.titleOne', { name: one.name }) : t('brandSafety.decide.titleMany', { count: slots.length })}
      okText={t('brandSafety.decide.ok')}
      okButtonProps={{ danger: true }}
      cancelText={t('brandSafety.common.cancel')}
      confirmLoading={disapprove.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{one ? t('brandSafety.decide.textOne') : t('brandSafety.decide.textMany', { count: slots.length })}</p>
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item name="reason" label={t('brandSafety.decide.reason')} extra={t('brandSafety.decide.reasonHelp')} rules={rules}>
          <Input.TextArea autoFocus autoSize={{ minRows: 3, maxRows: 8 }} count={{ show: true, max: REVIEW_REASON_MAX }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
