import {
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_TITLE_MAX,
  type AccountKind,
  type AnnouncementAudience,
  type RoleName,
} from '@ads/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { I18n } from '../../../shared/i18n/translate';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { useConfirm } from '../../../shared/ui/confirm';
import { AppModal } from '../../../shared/ui/dialogs';
import { showToast } from '../../../shared/ui/toast';
import { useAudienceAccounts, usePublishAnnouncement } from '../action-api';
import '../messages/register';
import './announcement-modal.css';
import { Alert } from '../../../shared/ui/alert';
import { Spin } from '../../../shared/ui/spin';
import { Checkbox } from '../../../shared/ui/checkbox';
import { DatePicker } from '../../../shared/ui/date-picker';
import { Input } from '../../../shared/ui/input';
import { Radio } from '../../../shared/ui/radio';
import { Select } from '../../../shared/ui/select';
import { Form } from '../../../shared/ui/form';
import { Tag } from '../../../shared/ui/tag';

interface AnnouncementValues {
  title: string;
  content: string;
  /** The optional zh-CN version: zh-CN readers see it, everyone else the English one. */
  withZh: boolean;
  zhTitle?: string;
  zhContent?: string;
  audience: AnnouncementAudience['kind'];
  role?: RoleName;
  /** labelInValue keeps the names of chosen accounts when a new search replaces the options. */
  accounts?: { value: number; label: string }[];
  delivery: 'now' | 'later';
  toSentAt?: Dayjs;
}

// The server's `fields` are keyed by the request's paths; each lands on the form field it came from.
const FIELD_BY_PATH: Record<string, keyof AnnouncementValues> = {
  title: 'title',
  content: 'content',
  zh: 'zhTitle',
  'zh.title': 'zhTitle',
  'zh.content': 'zhContent',
  audience: 'audience',
  'audience.kind': 'audience',
  'audience.role': 'role',
  'audience.accountIds': 'accounts',
  toSentAt: 'toSentAt',
};

const fieldOf = (path: string): keyof AnnouncementValues | undefined => {
  for (let prefix = path; prefix; prefix = prefix.slice(0, Math.max(0, prefix.lastIndexOf('.')))) {
    if (FIELD_BY_PATH[prefix]) return FIELD_BY_PATH[prefix];
  }
  return undefined;
};

// ROLE_NAMES sits in a contracts module with zod schemas (25 KB); spelled out here, and a test
// checks the two agree.
export const AUDIENCE_ROLES: readonly RoleName[] = ['Advertiser', 'Publisher', 'MsInternal'];

const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** What went wrong, for the form's alert: network and setup errors are already translated. */
function failureDetail(error: unknown, i18n: I18n): string | undefined {
  if (!isApiError(error)) return undefined;
  if (!error.statusCode) return error.message;
  const key = `serverErrors.${error.code}`;
  // en-US shows the server's own sentence, other languages a translation of the known codes.
  if (i18n.language !== 'en-US' && i18n.exists(key)) return i18n.t(key);
  return error.detail || error.message;
}

const audienceOf = (values: AnnouncementValues): AnnouncementAudience =>
  values.audience === 'role'
    ? { kind: 'role', role: values.role! }
    : values.audience === 'accounts'
      ? { kind: 'accounts', accountIds: (values.accounts ?? []).map((account) => account.value) }
      : { kind: 'all' };

interface AnnouncementModalProps {
  open: boolean;
  onClose: () => void;
  /** The closing animation has ended: the owner unmounts the modal, so the next one starts blank. */
  afterClose: () => void;
}

/** Staff publish an announcement (type 30) to everyone, a role or chosen accounts, now or later. */
export default function AnnouncementModal({ open, onClose, afterClose }: AnnouncementModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<AnnouncementValues>();
  const [confirm, confirmHolder] = useConfirm();
  const publish = usePublishAnnouncement();
  // The alert of a failure the fields do not carry; `detail` is what the server said.
  const [failure, setFailure] = useState<{ detail?: string } | null>(null);
  const [search, setSearch] = useState('');
  const audience = Form.useWatch('audience', form);
  const delivery = Form.useWatch('delivery', form);
  const withZh = Form.useWatch('withZh', form);
  const accounts = useAudienceAccounts(useDebounced(search.trim(), SEARCH_DEBOUNCE_MS), open && audience === 'accounts');

  const submit = async (values: AnnouncementValues) => {
    setFailure(null);
    try {
      const result = await publish.mutateAsync({
        title: values.title.trim(),
        content: values.content.trim(),
        zh: values.withZh ? { title: values.zhTitle!.trim(), content: values.zhContent!.trim() } : undefined,
        audience: audienceOf(values),
        toSentAt: values.delivery === 'later' ? values.toSentAt?.format() : undefined,
      });
      onClose();
      showToast(
        'success',
        result.toSentAt
          ? t('announcement.scheduled', { time: dayjs(result.toSentAt).format('YYYY-MM-DD HH:mm') })
          : t('announcement.published', { count: result.recipients }),
      );
    } catch (error) {
      const fields = isApiError(error) ? error.fields : undefined;
      const placed = Object.entries(fields ?? {}).flatMap(([path, message]) => {
        const name = fieldOf(path);
        return name ? [{ name, errors: [message] }] : [];
      });
      form.setFields(placed);
      if (placed.length === 0 || placed.length < Object.keys(fields ?? {}).length) {
        setFailure({ detail: failureDetail(error, i18n) });
      }
    }
  };

  const cancel = () => {
    if (publish.isPending) return;
    if (!form.isFieldsTouched()) return onClose();
    confirm({
      title: t('announcement.discardTitle'),
      content: t('announcement.discardText'),
      okText: t('announcement.discard'),
      cancelText: t('announcement.keepEditing'),
      okButtonProps: { danger: true },
      onOk: onClose,
    });
  };

  const required = (key: string) => ({ required: true, whitespace: true, message: t(key) });

  return (
    <AppModal
      open={open}
      title={t('announcement.heading')}
      okText={delivery === 'later' ? t('announcement.schedule') : t('announcement.publish')}
      cancelText={t('announcement.cancel')}
      confirmLoading={publish.isPending}
      onOk={() => form.submit()}
      onCancel={cancel}
      afterClose={afterClose}
      mask={{ closable: false }}
    >
      {confirmHolder}
      {failure && (
        <Alert type="error" showIcon title={t('announcement.failed')} description={failure.detail} className="announcement-alert" />
      )}
      <Form<AnnouncementValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ audience: 'all', delivery: 'now', withZh: false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="title"
          label={t('announcement.title')}
          rules={[required('announcement.titleRequired'), { max: ANNOUNCEMENT_TITLE_MAX, message: t('announcement.tooLong', { max: ANNOUNCEMENT_TITLE_MAX }) }]}
        >
          <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('announcement.content')}
          rules={[required('announcement.contentRequired'), { max: ANNOUNCEMENT_CONTENT_MAX, message: t('announcement.tooLong', { max: ANNOUNCEMENT_CONTENT_MAX }) }]}
        >
          <Input.TextArea maxLength={ANNOUNCEMENT_CONTENT_MAX} showCount rows={4} />
        </Form.Item>
        <Form.Item name="withZh" valuePropName="checked" extra={withZh ? t('announcementZh.hint') : undefined}>
          <Checkbox>{t('announcementZh.add')}</Checkbox>
        </Form.Item>
        {withZh && (
          <>
            <Form.Item
              name="zhTitle"
              label={t('announcementZh.title')}
              rules={[required('announcement.titleRequired'), { max: ANNOUNCEMENT_TITLE_MAX, message: t('announcement.tooLong', { max: ANNOUNCEMENT_TITLE_MAX }) }]}
            >
              <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount lang="zh-CN" />
            </Form.Item>
            <Form.Item
              name="zhContent"
              label={t('announcementZh.content')}
              rules={[required('announcement.contentRequired'), { max: ANNOUNCEMENT_CONTENT_MAX, message: t('announcement.tooLong', { max: ANNOUNCEMENT_CONTENT_MAX }) }]}
            >
              <Input.TextArea maxLength={ANNOUNCEMENT_CONTENT_MAX} showCount rows={4} lang="zh-CN" />
            </Form.Item>
          </>
        )}
        <Form.Item name="audience" label={t('announcement.audience')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('announcement.audienceAll') },
              { value: 'role', label: t('announcement.audienceRole') },
              { value: 'accounts', label: t('announcement.audienceAccounts') },
            ]}
          />
        </Form.Item>
        {audience === 'role' && (
          <Form.Item name="role" label={t('announcement.role')} rules={[{ required: true, message: t('announcement.roleRequired') }]}>
            <Select<RoleName> options={AUDIENCE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
          </Form.Item>
        )}
        {audience === 'accounts' && (
          <Form.Item
            name="accounts"
            label={t('announcement.accounts')}
            rules={[{ required: true, type: 'array', min: 1, message: t('announcement.accountsRequired') }]}
          >
            <Select<{ value: number; label: string }[], { value: number; label: string; kind: AccountKind }>
              mode="multiple"
              labelInValue
              placeholder={t('announcement.accountsPlaceholder')}
              showSearch={{ filterOption: false, onSearch: setSearch }}
              onBlur={() => setSearch('')}
              loading={accounts.isFetching}
              notFoundContent={accounts.isFetching ? <Spin size="small" /> : t('announcement.noAccounts')}
              options={(accounts.data?.items ?? []).map((account) => ({ value: account.id, label: account.name, kind: account.kind }))}
              optionRender={(option) => (
                <span className="announcement-account">
                  <span>{option.data.label}</span>
                  <Tag>{t(`accountKinds.${option.data.kind}`)}</Tag>
                </span>
              )}
            />
          </Form.Item>
        )}
        <Form.Item name="delivery" label={t('announcement.delivery')}>
          <Radio.Group
            options={[
              { value: 'now', label: t('announcement.deliveryNow') },
              { value: 'later', label: t('announcement.deliveryLater') },
            ]}
          />
        </Form.Item>
        {delivery === 'later' && (
          <Form.Item
            name="toSentAt"
            label={t('announcement.sendAt')}
            rules={[
              { required: true, message: t('announcement.sendAtRequired') },
              {
                validator: (_rule, value: Dayjs | undefined) =>
                  !value || value.isAfter(dayjs()) ? Promise.resolve() : Promise.reject(new Error(t('announcement.sendAtPast'))),
              },
            ]}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(date) => date.isBefore(dayjs(), 'day')}
              className="announcement-date"
            />
          </Form.Item>
        )}
      </Form>
    </AppModal>
  );
}
