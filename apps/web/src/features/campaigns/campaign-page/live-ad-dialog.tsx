import { PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { AD_DESCRIPTION_MAX, AD_FORMATS, AD_HEADLINE_MAX, LANDING_URL_MAX, type Ad, type AdFormat, type CampaignDetail } from '@ads/contracts';
import { lazy, Suspense, useState } from 'react';
import { isApiError } from '../../../shared/api-client';
import { useTranslation } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { AppModal } from '../../../shared/ui/dialogs';
import { Form } from '../../../shared/ui/form';
import { Input } from '../../../shared/ui/input';
import { Radio } from '../../../shared/ui/radio';
import { showToast } from '../../../shared/ui/toast';
import { useSaveLiveAd } from '../api';
import { errorText } from '../components/format';
import type { CreativePreview } from '../wizard/form-model';
import { problemText } from '../wizard/problem-text';

const CreativePicker = lazy(() => import('../wizard/creative-picker'));

interface Draft {
  format: AdFormat;
  image: CreativePreview | null;
  video: CreativePreview | null;
  headline: string;
  description: string;
  landingUrl: string;
}

/** What the dialog opens with: the change already sent (waiting or rejected), else the ad as it serves. */
const draftOf = (ad: Ad | undefined): Draft => {
  const shown = ad?.change ?? ad;
  const creative = shown?.creative ? { kind: shown.creative.kind, id: shown.creative.id, name: shown.creative.name, previewUrl: shown.creative.previewUrl } : null;
  return {
    format: shown?.format ?? 'image',
    image: creative?.kind === 'image' ? creative : null,
    video: creative?.kind === 'video' ? creative : null,
    headline: shown?.headline ?? '',
    description: shown?.description ?? '',
    landingUrl: shown?.landingUrl ?? '',
  };
};

/**
 * A live campaign's ad, new (`ad` undefined) or changed: sent for staff's review as a whole, while
 * the approved version keeps serving. The server judges it (the wizard's sentences, by field).
 */
export default function LiveAdDialog({ campaign, groupId, groupName, ad, onClose }: { campaign: CampaignDetail; groupId: number; groupName: string; ad?: Ad; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(ad));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const save = useSaveLiveAd();
  const creative = draft.format === 'video' ? draft.video : draft.image;
  const patch = (change: Partial<Draft>, ...fields: string[]) => {
    setDraft((d) => ({ ...d, ...change }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };
  const status = (field: string) => (errors[field] ? ('error' as const) : undefined);
  const help = (field: string) => (errors[field] ? <span data-field-error={field}>{problemText(t, errors[field])}</span> : undefined);

  const send = () => {
    setFailure(null);
    save.mutate(
      {
        campaignId: campaign.id,
        version: campaign.version,
        adGroupId: groupId,
        adId: ad?.id,
        ad: {
          format: draft.format,
          imageId: draft.format === 'image' ? (draft.image?.id ?? null) : null,
          videoId: draft.format === 'video' ? (draft.video?.id ?? null) : null,
          headline: draft.headline,
          description: draft.description,
          landingUrl: draft.landingUrl,
        },
      },
      {
        onSuccess: () => {
          showToast('success', t('campaigns.page.ads.sent'));
          onClose();
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : undefined;
          if (fields && Object.keys(fields).length) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^ad\./, ''), v])));
          else setFailure(t('campaigns.page.ads.failed', { reason: errorText(t, error) }));
        },
      },
    );
  };

  const creativeField = draft.format === 'video' ? 'videoId' : 'imageId';
  return (
    <AppModal
      open
      title={ad ? t('campaigns.page.ads.editTitle') : t('campaigns.page.ads.addTitle', { name: groupName })}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('campaigns.page.ads.cancel')}
        </Button>,
        <Button key="send" type="primary" loading={save.isPending} onClick={send}>
          {t('campaigns.page.ads.send')}
        </Button>,
      ]}
    >
      <p className="list-muted">{t('campaigns.page.ads.liveNote')}</p>
      {failure && <Alert type="error" showIcon title={failure} />}
      <Form layout="vertical" component={false}>
        <Form.Item label={t('campaigns.wizard.ads.format')} validateStatus={status('format')} help={help('format')}>
          <Radio.Group
            value={draft.format}
            optionType="button"
            aria-label={t('campaigns.wizard.ads.format')}
            options={AD_FORMATS.map((format) => ({ value: format, label: t(`campaigns.wizard.ads.formats.${format}`) }))}
            onChange={(event) => patch({ format: event.target.value as AdFormat }, 'format', 'imageId', 'videoId')}
          />
        </Form.Item>
        <Form.Item label={t('campaigns.wizard.ads.creative')} validateStatus={status(creativeField)} help={help(creativeField)}>
          <div className="live-ad-creative">
            <span>{creative ? creative.name : <span className="list-muted">{t('campaigns.wizard.ads.noCreative')}</span>}</span>
            <Button icon={draft.format === 'video' ? <VideoCameraOutlined /> : <PictureOutlined />} onClick={() => setPicking(true)}>
              {t(draft.format === 'video' ? 'campaigns.wizard.ads.chooseVideo' : 'campaigns.wizard.ads.chooseImage')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={t('campaigns.wizard.ads.headline')} htmlFor="live-ad-headline" validateStatus={status('headline')} help={help('headline')}>
          <Input id="live-ad-headline" value={draft.headline} maxLength={AD_HEADLINE_MAX} showCount onChange={(event) => patch({ headline: event.target.value }, 'headline')} />
        </Form.Item>
        <Form.Item label={t('campaigns.wizard.ads.description')} htmlFor="live-ad-description" validateStatus={status('description')} help={help('description')}>
          <Input.TextArea
            id="live-ad-description"
            value={draft.description}
            maxLength={AD_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(event) => patch({ description: event.target.value }, 'description')}
          />
        </Form.Item>
        <Form.Item label={t('campaigns.wizard.ads.landingUrl')} htmlFor="live-ad-url" validateStatus={status('landingUrl')} help={help('landingUrl')}>
          <Input
            id="live-ad-url"
            type="url"
            inputMode="url"
            maxLength={LANDING_URL_MAX}
            value={draft.landingUrl}
            placeholder={t('campaigns.wizard.ads.landingPlaceholder')}
            onChange={(event) => patch({ landingUrl: event.target.value }, 'landingUrl')}
          />
        </Form.Item>
      </Form>
      {picking && (
        <Suspense fallback={null}>
          <CreativePicker
            kind={draft.format}
            onPick={(chosen) => {
              patch(chosen.kind === 'video' ? { video: chosen } : { image: chosen }, 'imageId', 'videoId');
              setPicking(false);
            }}
            onClose={() => setPicking(false)}
          />
        </Suspense>
      )}
    </AppModal>
  );
}
