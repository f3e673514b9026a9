import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { REVIEW_REASON_MAX, type AdCreative, type CampaignDetail } from '@ads/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatDateTime } from '../../../shared/format';
import { Alert } from '../../../shared/ui/alert';
import { showToast } from '../../../shared/ui/toast';
import { useReviewCampaign } from '../api';
import { campaignKeys } from '../query-keys';
import { CreativePreview } from './creative-preview';
import { errorText } from './format';
import { Button } from '../../../shared/ui/button';
import { Space } from '../../../shared/ui/space';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Input } from '../../../shared/ui/input';

interface Choice {
  checked: boolean;
  reason: string;
}

/** The images the campaign's ads show, each once (an image may serve several ads). */
export function imagesOf(campaign: CampaignDetail): AdCreative[] {
  const images = new Map<number, AdCreative>();
  for (const group of campaign.adGroups)
    for (const ad of group.ads) if (ad.creative?.kind === 'image' && !images.has(ad.creative.id)) images.set(ad.creative.id, ad.creative);
  return [...images.values()];
}

const reasonProblem = (reason: string) => (!reason.trim() ? 'required' : reason.length > REVIEW_REASON_MAX ? 'tooLong' : undefined);

/**
 * Staff's decision on a campaign waiting for review: Approve, or Reject with a reason for the
 * campaign, a reason per rejected ad and per rejected image (the advertiser sees each).
 */
export function ReviewPanel({ campaign, onDecided }: { campaign: CampaignDetail; onDecided: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const review = useReviewCampaign();
  const baseId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [ads, setAds] = useState<Record<number, Choice>>({});
  const [images, setImages] = useState<Record<number, Choice>>({});
  const [showErrors, setShowErrors] = useState(false);
  const allAds = useMemo(() => campaign.adGroups.flatMap((group) => group.ads), [campaign]);
  const allImages = useMemo(() => imagesOf(campaign), [campaign]);

  const decided = (text: string) => {
    showToast('success', text);
    onDecided();
  };
  const failed = (cause: unknown) => {
    const code = isApiError(cause) ? cause.code : undefined;
    if (code === 'STALE_VERSION' || code === 'CAMPAIGN_STATE' || code === 'NOT_FOUND') {
      showToast('error', t(`campaigns.review.outOfDate.${code}`));
      void queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    } else showToast('error', errorText(t, cause));
  };

  const approve = async () => {
    try {
      await review.mutateAsync({ id: campaign.id, version: campaign.version, decision: 'approve' });
      decided(t('campaigns.review.approved', { name: campaign.name }));
    } catch (cause) {
      failed(cause);
    }
  };

  const chosen = (choices: Record<number, Choice>) =>
    Object.entries(choices)
      .filter(([, choice]) => choice.checked)
      .map(([id, choice]) => ({ id: Number(id), reason: choice.reason.trim() }));

  const reject = async () => {
    setShowErrors(true);
    const problems = [reason, ...chosen(ads).map((ad) => ad.reason), ...chosen(images).map((image) => image.reason)].some((text) => reasonProblem(text));
    if (problems) return;
    try {
      await review.mutateAsync({
        id: campaign.id,
        version: campaign.version,
        decision: 'reject',
        reason: reason.trim(),
        ads: chosen(ads),
        images: chosen(images),
      });
      decided(t('campaigns.review.rejected', { name: campaign.name }));
    } catch (cause) {
      failed(cause);
    }
  };

  const problemText = (text: string) => {
    const problem = showErrors ? reasonProblem(text) : undefined;
    return problem ? t(`campaigns.review.${problem}`, { max: REVIEW_REASON_MAX }) : undefined;
  };

  return (
    <section className="campaign-review" aria-labelledby={`${baseId}-title`}>
      <h3 id={`${baseId}-title`}>{t('campaigns.review.title')}</h3>
      <p className="list-muted">{t('campaigns.review.intro')}</p>
      {/* A rejected image shown again: its approval here would clear the rejection unseen. */}
      {allImages.flatMap(({ id, name, rejection }) =>
        rejection ? [<Alert key={id} type="warning" showIcon role="status" title={t('campaigns.review.rejectedBefore', { name, reason: rejection.reason ?? t('campaigns.review.noReason'), date: formatDateTime(rejection.at, i18n.language) })} />] : [],
      )}
      {!rejecting ? (
        <Space wrap>
          <Button type="primary" icon={<CheckOutlined />} loading={review.isPending} onClick={() => void approve()}>
            {t('campaigns.review.approve')}
          </Button>
          <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
            {t('campaigns.review.rejectStart')}
          </Button>
        </Space>
      ) : (
        <>
          <ReasonField id={`${baseId}-reason`} label={t('campaigns.review.reason')} value={reason} onChange={setReason} error={problemText(reason)} />
          {allAds.length > 0 && (
            <fieldset className="review-choices">
              <legend className="field-label">{t('campaigns.review.ads')}</legend>
              {allAds.map((ad) => {
                const name = ad.headline ?? `#${ad.id}`;
                const choice = ads[ad.id] ?? { checked: false, reason: '' };
                const set = (next: Partial<Choice>) => setAds((current) => ({ ...current, [ad.id]: { ...choice, ...next } }));
                return (
                  <div className="review-choice" key={ad.id}>
                    <CreativePreview creative={ad.creative} />
                    <div className="review-choice-body">
                      <Checkbox checked={choice.checked} onChange={(event) => set({ checked: event.target.checked })}>
                        {t('campaigns.review.rejectAd', { name })}
                      </Checkbox>
                      {ad.description && <span className="list-muted">{ad.description}</span>}
                      {choice.checked && (
                        <ReasonField
                          id={`${baseId}-ad-${ad.id}`}
                          label={t('campaigns.review.adReason', { name })}
                          value={choice.reason}
                          onChange={(value) => set({ reason: value })}
                          error={problemText(choice.reason)}
                        />
                      )}
                    </div>
                  </div>
                );
              })}
            </fieldset>
          )}
          {allImages.length > 0 && (
            <fieldset className="review-choices">
              <legend className="field-label">{t('campaigns.review.images')}</legend>
              {allImages.map((image) => {
                const choice = images[image.id] ?? { checked: false, reason: '' };
                const set = (next: Partial<Choice>) => setImages((current) => ({ ...current, [image.id]: { ...choice, ...next } }));
                return (
                  <div className="review-choice" key={image.id}>
                    <CreativePreview creative={image} />
                    <div className="review-choice-body">
                      <Checkbox checked={choice.checked} onChange={(event) => set({ checked: event.target.checked })}>
                        {t('campaigns.review.rejectImage', { name: image.name })}
                      </Checkbox>
                      {choice.checked && (
                        <ReasonField
                          id={`${baseId}-image-${image.id}`}
                          label={t('campaigns.review.imageReason', { name: image.name })}
                          value={choice.reason}
                          onChange={(value) => set({ reason: value })}
                          error={problemText(choice.reason)}
                        />
                      )}
                    </div>
                  </div>
                );
              })}
            </fieldset>
          )}
          <Space wrap>
            <Button danger type="primary" icon={<CloseOutlined />} loading={review.isPending} onClick={() => void reject()}>
              {t('campaigns.review.rejectSend')}
            </Button>
            <Button onClick={() => setRejecting(false)}>{t('campaigns.list.cancel')}</Button>
          </Space>
        </>
      )}
    </section>
  );
}

function ReasonField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (value: string) => void; error?: string }) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <Input.TextArea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoSize={{ minRows: 2, maxRows: 6 }}
        status={error ? 'error' : undefined}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="review-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
