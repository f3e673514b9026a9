import { CheckOutlined, CloseOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LIVE_CAMPAIGN_STATUSES, MAX_ADS_PER_GROUP, REVIEW_REASON_MAX, type Ad, type CampaignDetail } from '@ads/contracts';
import { lazy, Suspense, useState } from 'react';
import { formatDateTime } from '../../../shared/format';
import { useTranslation } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { AppModal } from '../../../shared/ui/dialogs';
import { Input } from '../../../shared/ui/input';
import { Space } from '../../../shared/ui/space';
import { Tag } from '../../../shared/ui/tag';
import { showToast } from '../../../shared/ui/toast';
import { useCanReviewCampaigns, useCanWriteCampaigns, useReviewAds, useWithdrawAdChange } from '../api';
import { AdRow } from '../components/ad-row';
import { CreativePreview } from '../components/creative-preview';
import { errorText } from '../components/format';

// Loaded with antd when the tab is first shown (the creative's preview opens antd's dialog). On a
// live campaign the advertiser adds ads and changes them here, and staff decide on what waits:
// the approved ads keep serving until then.

const LiveAdDialog = lazy(() => import('./live-ad-dialog'));

interface Editing {
  groupId: number;
  groupName: string;
  ad?: Ad;
}

/** A change sent for an ad: what it would show, waiting or refused with the reason. */
function ProposedChange({ ad }: { ad: Ad }) {
  const { t, i18n } = useTranslation();
  const change = ad.change!;
  const rejection = change.creative?.rejection;
  return (
    <div className="campaign-ad-change">
      <div className="campaign-ad-head">
        <strong>{t('campaigns.page.ads.proposed')}</strong>
        {change.status === 'pending' ? (
          <Tag color="blue">{t('campaigns.page.ads.changePending')}</Tag>
        ) : (
          <Tag color="red">{t('campaigns.page.ads.changeRejected', { reason: change.reason ?? '' })}</Tag>
        )}
        <span className="list-muted">{t('campaigns.page.ads.changeSent', { date: formatDateTime(change.submittedAt, i18n.language) })}</span>
      </div>
      {/* A rejected image shown again (staff's read): approving the change would clear its rejection unseen. */}
      {rejection && change.status === 'pending' && (
        <Alert
          type="warning"
          showIcon
          role="status"
          title={t('campaigns.page.ads.rejectedBefore', { name: change.creative!.name, reason: rejection.reason ?? t('campaigns.review.noReason'), date: formatDateTime(rejection.at, i18n.language) })}
        />
      )}
      <div className="campaign-ad">
        <CreativePreview creative={change.creative} />
        <div className="campaign-ad-text">
          <strong>{change.headline}</strong>
          <p>{change.description}</p>
          <span className="campaign-ad-url">{change.landingUrl}</span>
        </div>
      </div>
    </div>
  );
}

/** Every ad of the campaign: its creative, texts, landing page and review outcome. */
export default function AdsTab({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const canWrite = useCanWriteCampaigns();
  const canReview = useCanReviewCampaigns();
  const withdraw = useWithdrawAdChange();
  const review = useReviewAds();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [rejecting, setRejecting] = useState<Ad | null>(null);
  const [reason, setReason] = useState('');
  const live = LIVE_CAMPAIGN_STATUSES.includes(campaign.status);
  const groups = campaign.adGroups.map((group, index) => ({ group, name: group.name ?? t('campaigns.list.drawer.unnamedGroup', { number: index + 1 }) }));
  const ads = groups.flatMap(({ group, name }) => group.ads.map((ad) => ({ ad, group: name, groupId: group.id })));
  const failed = (error: Error) => showToast('error', t('campaigns.page.ads.failed', { reason: errorText(t, error) }));
  const waiting = (ad: Ad) => ad.change?.status === 'pending' || (live && ad.reviewOutcome === 'pending');

  const decide = (ad: Ad, decision: { decision: 'approve' } | { decision: 'reject'; reason: string }) =>
    review.mutate(
      { campaignId: campaign.id, version: campaign.version, decisions: [{ adId: ad.id, ...decision }] },
      {
        onSuccess: () => {
          showToast('success', t('campaigns.page.ads.decided'));
          setRejecting(null);
          setReason('');
        },
        onError: failed,
      },
    );

  const pull = (ad: Ad) =>
    withdraw.mutate(
      { campaignId: campaign.id, version: campaign.version, adId: ad.id },
      { onSuccess: () => showToast('success', t(ad.change ? 'campaigns.page.ads.withdrawn' : 'campaigns.page.ads.removed')), onError: failed },
    );

  return (
    <>
      {live && campaign.adsToReview > 0 && <Tag color="blue">{t('campaigns.page.ads.toReview', { count: campaign.adsToReview })}</Tag>}
      {live && canWrite && <p className="list-muted">{t('campaigns.page.ads.liveNote')}</p>}
      {ads.length === 0 ? (
        <p className="list-muted">{t('campaigns.page.ads.none')}</p>
      ) : (
        <ul className="campaign-ads campaign-page-ads">
          {ads.map(({ ad, group, groupId }) => (
            <AdRow key={ad.id} ad={ad} group={group}>
              {live && ad.reviewOutcome === 'pending' && <p className="list-muted">{t('campaigns.page.ads.newPending')}</p>}
              {ad.change && <ProposedChange ad={ad} />}
              {live && (canWrite || (canReview && waiting(ad))) && (
                <Space wrap className="campaign-ad-actions">
                  {canWrite && (
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ groupId, groupName: group, ad })}>
                      {t('campaigns.page.ads.edit')}
                    </Button>
                  )}
                  {canWrite && (ad.change || ad.reviewOutcome !== 'approved') && (
                    <Button size="small" danger loading={withdraw.isPending && withdraw.variables?.adId === ad.id} onClick={() => pull(ad)}>
                      {t(ad.change ? 'campaigns.page.ads.withdraw' : 'campaigns.page.ads.remove')}
                    </Button>
                  )}
                  {canReview && waiting(ad) && (
                    <>
                      <Button size="small" type="primary" icon={<CheckOutlined />} loading={review.isPending && !rejecting} onClick={() => decide(ad, { decision: 'approve' })}>
                        {t('campaigns.page.ads.approve')}
                      </Button>
                      <Button size="small" danger icon={<CloseOutlined />} onClick={() => setRejecting(ad)}>
                        {t('campaigns.page.ads.reject')}
                      </Button>
                    </>
                  )}
                </Space>
              )}
            </AdRow>
          ))}
        </ul>
      )}
      {live && canWrite && (
        <Space wrap className="campaign-ad-actions">
          {groups
            .filter(({ group }) => group.ads.length < MAX_ADS_PER_GROUP)
            .map(({ group, name }) => (
              <Button key={group.id} icon={<PlusOutlined />} onClick={() => setEditing({ groupId: group.id, groupName: name })}>
                {t('campaigns.page.ads.add', { name })}
              </Button>
            ))}
        </Space>
      )}
      {editing && (
        <Suspense fallback={null}>
          <LiveAdDialog campaign={campaign} groupId={editing.groupId} groupName={editing.groupName} ad={editing.ad} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {rejecting && (
        <AppModal
          open
          title={t('campaigns.page.ads.rejectTitle', { name: rejecting.change?.headline ?? rejecting.headline ?? `#${rejecting.id}` })}
          okText={t('campaigns.page.ads.rejectConfirm')}
          okButtonProps={{ danger: true, disabled: !reason.trim(), loading: review.isPending }}
          cancelText={t('campaigns.page.ads.cancel')}
          onOk={() => decide(rejecting, { decision: 'reject', reason: reason.trim() })}
          onCancel={() => setRejecting(null)}
        >
          <label htmlFor="ad-reject-reason">{t('campaigns.page.ads.rejectReason')}</label>
          <Input.TextArea id="ad-reject-reason" value={reason} maxLength={REVIEW_REASON_MAX} showCount autoSize={{ minRows: 2, maxRows: 5 }} onChange={(event) => setReason(event.target.value)} />
        </AppModal>
      )}
    </>
  );
}
