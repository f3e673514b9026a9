import { nameSchema } from '@ads/contracts';
import { Form } from './form';
import { Input } from './input';
import { useMemo, useState } from 'react';
import { useTranslation } from '../i18n/translate';
import { isApiError } from '../api-client';
import { AppModal } from './dialogs';
import { showToast } from './toast';

/** Errors about the name itself: shown under the field; anything else is a toast. */
const FIELD_ERROR_CODES: ReadonlySet<string> = new Set(['VALIDATION_FAILED', 'NAME_TAKEN']);

export interface NameDialogProps {
  title: string;
  label: string;
  okText: string;
  cancelText: string;
  initialName: string;
  maxLength: number;
  messages: { required: string; tooLong: string };
  /** Saves the name; when it throws, the error is shown by `errorText`. */
  onSave: (name: string) => Promise<void>;
  errorText: (cause: unknown) => string;
  onClose: () => void;
}

/** A dialog with one required name field: creating or renaming a folder, a series, an image, a video. */
export function NameDialog({ title, label, okText, cancelText, initialName, maxLength, messages, onSave, errorText, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  // Every name field of the contracts follows this rule (NFC, trimmed, no control, invisible or
  // direction characters); empty and too long are the antd rules' (their texts are the caller's).
  const rule = useMemo(() => nameSchema(maxLength), [maxLength]);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      const parsed = rule.safeParse(name);
      await onSave(parsed.success ? parsed.data : name);
      onClose();
    } catch (cause) {
      if (isApiError(cause) && FIELD_ERROR_CODES.has(cause.code)) form.setFields([{ name: 'name', errors: [errorText(cause)] }]);
      else showToast('error', errorText(cause));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal open title={title} okText={okText} cancelText={cancelText} confirmLoading={saving} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ name: initialName }} onFinish={submit} requiredMark={false}>
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: messages.required },
            { max: maxLength, message: messages.tooLong },
            {
              validator: async (_rule, value: unknown) => {
                const issues = rule.safeParse(value ?? '').error?.issues ?? [];
                if (issues.some((issue) => issue.code === 'custom')) throw new Error(t('nameRule.unsafe'));
              },
            },
          ]}
        >
          <Input autoFocus maxLength={maxLength} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
