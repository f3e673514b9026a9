import i18n from '../../shared/i18n/translate';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../shared/i18n/i18n';
import './messages/register';
import { notificationLink } from './notification-link';
import { notificationText } from './notification-text';
import { anInfo } from './test-helpers';

afterEach(() => setLanguage('en-US'));

describe('status change and password reset notifications', () => {
  it('link a request to its drawer on Request Management, and a reset to the account on its page', () => {
    expect(notificationLink({ params: { requestId: 7, kind: 'campaign.terminate', entityName: 'Winter' } }, 'advertiserCampaign')).toBe(
      '/requestManagement/statusManagement?request=7',
    );
    expect(notificationLink({ params: { accountId: 12, accountKind: 'publisher', accountName: 'Paper', userName: 'Pat', email: 'p@x.test' } }, 'accountManagement/publisher')).toBe(
      '/accountManagement/publisher?account=12',
    );
    // Other ids keep their own pages.
    expect(notificationLink({ params: { campaignId: 3 } }, 'campaign/list')).toBe('/campaign/list?campaign=3');
  });

  it('name the kind of change in the reader’s language', async () => {
    const requested = anInfo({
      notificationId: 1,
      messageKey: 'statusChange.requested',
      params: { requestId: 7, kind: 'adSlot.offline', entityName: 'Homepage banner', accountName: 'Paper Cranes' },
    });
    expect(notificationText(requested, i18n)).toEqual({
      title: 'Request to review: Take ad slot offline — Homepage banner',
      content: 'Paper Cranes asks to take the ad slot offline: "Homepage banner". Approve or reject it in Request Management.',
    });
    const rejected = anInfo({ notificationId: 2, messageKey: 'statusChange.rejected', params: { requestId: 7, kind: 'campaign.terminate', entityName: 'Winter', reason: 'Still running.' } });
    expect(notificationText(rejected, i18n).content).toBe('Your request to terminate the campaign ("Winter") was rejected. Reason: Still running.');
    await setLanguage('zh-CN');
    expect(notificationText(rejected, i18n).title).toBe('请求被拒绝：终止广告活动 — Winter');
    const reset = anInfo({ notificationId: 3, messageKey: 'password.resetRequested', params: { accountId: 4, accountKind: 'advertiser', accountName: 'Acme', userName: 'Al', email: 'al@acme.test' } });
    expect(notificationText(reset, i18n).title).toBe('申请重置密码：Al');
  });
});

describe('publication request notifications', () => {
  it('link a request to its drawer (or its videos) on the menu’s page', () => {
    expect(notificationLink({ params: { contentRequestId: 5, seriesName: 'Cranes' } }, 'publisherContent/requestApprovals')).toBe('/publisherContent/requestApprovals?request=5');
    expect(notificationLink({ params: { contentRequestId: 5, seriesName: 'Cranes', accountName: 'Paper', count: 2 } }, 'publisherContent/contentReview')).toBe(
      '/publisherContent/contentReview?request=5',
    );
  });

  it('say what was submitted, published or rejected in the reader’s language', async () => {
    const submitted = anInfo({ notificationId: 4, messageKey: 'content.submitted', params: { contentRequestId: 5, seriesName: 'Cranes', accountName: 'Paper Cranes', count: 2 } });
    expect(notificationText(submitted, i18n)).toEqual({
      title: 'Content to review: Cranes',
      content: 'Paper Cranes submitted the series "Cranes" for publication: 2 videos to review. Approve or reject them in Content Review.',
    });
    const rejected = anInfo({ notificationId: 5, messageKey: 'content.rejected', params: { contentRequestId: 5, seriesName: 'Cranes', rejected: 1, reasons: 'Violence' } });
    expect(notificationText(rejected, i18n).content).toContain(': 1. Reasons: Violence.');
    await setLanguage('zh-CN');
    const approved = anInfo({ notificationId: 6, messageKey: 'content.approved', params: { contentRequestId: 5, seriesName: 'Cranes' } });
    expect(notificationText(approved, i18n).title).toBe('系列已发布：Cranes');
    expect(notificationText(rejected, i18n).content).toContain('有 1 个视频被拒绝。原因：Violence。');
  });
});

describe('scheduled report notifications', () => {
  it('open the report’s schedule and runs on its Data Insights page', () => {
    const params = { savedReportId: 9, runId: 41, name: 'Weekly', from: '2026-11-16', to: '2026-11-22' };
    expect(notificationLink({ params }, 'dataInsights/advertiser')).toBe('/dataInsights/advertiser?runs=9');
    expect(notificationLink({ params }, 'dataInsights')).toBe('/dataInsights?runs=9');
  });

  it('say which report ran, for which days, in the reader’s language', async () => {
    const info = anInfo({ notificationId: 7, messageKey: 'report.scheduledRun', params: { savedReportId: 9, runId: 41, name: 'Weekly', from: '2026-11-16', to: '2026-11-22' } });
    expect(notificationText(info, i18n)).toEqual({
      title: 'Scheduled report ready: Weekly',
      content: 'Your saved report "Weekly" ran for 2026-11-16 to 2026-11-22. Open it in Data Insights to download the CSV; it is kept for 30 days.',
    });
    await setLanguage('zh-CN');
    expect(notificationText(info, i18n).title).toBe('定时报表已生成：Weekly');
  });
});
