// The Action Center's system notifications, by message key (NotificationMessages in
// notification-types.ts), in i18next's syntax: the one source of their texts for the web (which
// registers them under `notificationMessages`) and the server (which renders title and content in
// the reader's language). {{count}} drives the plural; `$t(notificationMessages.…)` nests; times
// (values named …At) are formatted for the language. Zod-free: the bell on every page needs these.

import type { NotificationLanguage } from './notification-types';

const enUS = {
  recycle: {
    purgeSoon: {
      title: 'Recycle bin: removed for good in $t(notificationMessages.units.day, {"count": {{days}} })',
      content_one:
        '{{count}} item in your recycle bin will be removed for good on {{purgeAt, datetime(dateStyle: long)}}. Restore it before then if you still need it.',
      content_other:
        '{{count}} items in your recycle bin will be removed for good from {{purgeAt, datetime(dateStyle: long)}}. Restore what you still need before then.',
    },
  },
  image: {
    rejected: {
      title: 'Image rejected: {{name}}',
      content: 'Reason: {{reason}} Replace the image in the Image Gallery to have it reviewed again.',
    },
  },
  campaign: {
    submitted: {
      title: 'Campaign to review: {{name}}',
      content: '{{accountName}} sent the campaign "{{name}}" to review. Open Advertiser Campaigns to approve or reject it.',
    },
    approved: {
      title: 'Campaign approved: {{name}}',
      content: 'Your campaign "{{name}}" was approved. It runs from {{startAt, datetime(dateStyle: long)}}.',
    },
    rejected: {
      title: 'Campaign rejected: {{name}}',
      content: 'Reason: {{reason}} Edit the campaign in the Campaign List and submit it again.',
    },
    started: {
      title: 'Campaign started: {{name}}',
      content: 'Your campaign "{{name}}" started running on {{startedAt, datetime(dateStyle: long)}}.',
    },
    ended: {
      title: 'Campaign ended: {{name}}',
      content: 'Your campaign "{{name}}" ended on {{endedAt, datetime(dateStyle: long)}}.',
    },
    budgetAlert: {
      title: 'Budget {{percent}}% spent: {{name}}',
      content: '{{percent}}% of the total budget of your campaign "{{name}}" is spent. Raise the budget to keep it running.',
    },
    creativesBinned: {
      title_one: 'Ad stopped: {{name}}',
      title_other: '{{count}} ads stopped: {{name}}',
      content_one:
        'An ad of your campaign "{{name}}" no longer runs: the image or video it shows ({{creatives}}) was moved to the recycle bin. Restore it from the Recycle Bin to run the ad again.',
      content_other:
        '{{count}} ads of your campaign "{{name}}" no longer run: the images or videos they show ({{creatives}}) were moved to the recycle bin. Restore them from the Recycle Bin to run the ads again.',
    },
    adsSubmitted: {
      title: 'Ads to review: {{name}}',
      content: '{{accountName}} added or changed ads of the running campaign "{{name}}". The approved ads keep serving until you decide; open Advertiser Campaigns to review them.',
    },
    adsReviewed: {
      title: 'Ads reviewed: {{name}}',
      content: 'Of your new or changed ads in the campaign "{{name}}": {{approved}} approved, {{rejected}} rejected. Approved changes serve now; a rejected change leaves its ad as it was. The campaign\'s Ads tab gives each reason.',
    },
  },
  adSlot: {
    submitted: {
      title: 'Ad slot to review: {{name}}',
      content: '{{accountName}} sent the ad slot "{{name}}" to review. Open Ad Slot Review to approve or reject it.',
    },
    approved: {
      title: 'Ad slot approved: {{name}}',
      content: 'Your ad slot "{{name}}" was approved. Add its tag to your page and validate it to go live.',
    },
    rejected: {
      title: 'Ad slot rejected: {{name}}',
      content: 'Reason: {{reason}} Edit the ad slot in Ad Slot Review and submit it again.',
    },
    live: {
      title: 'Ad slot live: {{name}}',
      content: 'Your ad slot "{{name}}" passed validation and now serves ads.',
    },
  },
  placement: {
    awaiting: {
      title_one: 'Placement to review',
      title_other: '{{count}} placements to review',
      content_one: 'A new ad would show on your ad slots. Approve or reject it in Placement Review.',
      content_other: '{{count}} new ads would show on your ad slots. Approve or reject them in Placement Review.',
    },
    rejected: {
      title_one: 'Placement rejected by {{publisherName}}',
      title_other: '{{count}} placements rejected by {{publisherName}}',
      content: 'Reason: {{reason}} Your ad will not show on that slot. See Disapproved Placements.',
    },
  },
  statusChange: {
    requested: {
      title: 'Request to review: $t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: '{{accountName}} asks to $t(notificationMessages.statusChangeVerb.{{kind}}): "{{entityName}}". Approve or reject it in Request Management.',
    },
    approved: {
      title: 'Request approved: $t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: 'Your request to $t(notificationMessages.statusChangeVerb.{{kind}}) ("{{entityName}}") was approved and applied.',
    },
    rejected: {
      title: 'Request rejected: $t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: 'Your request to $t(notificationMessages.statusChangeVerb.{{kind}}) ("{{entityName}}") was rejected. Reason: {{reason}}',
    },
  },
  /** The kinds of status change (STATUS_CHANGE_KINDS), nested by their dots as i18next reads them. */
  statusChangeKind: {
    campaign: { terminate: 'Terminate campaign' },
    adSlot: { offline: 'Take ad slot offline', online: 'Bring ad slot back online' },
    account: { reactivate: 'Reactivate account', close: 'Close account' },
  },
  statusChangeVerb: {
    campaign: { terminate: 'terminate the campaign' },
    adSlot: { offline: 'take the ad slot offline', online: 'bring the ad slot back online' },
    account: { reactivate: 'reactivate the account', close: 'close the account' },
  },
  password: {
    resetRequested: {
      title: 'Password reset asked: {{userName}}',
      content:
        '{{userName}} ({{email}}) of {{accountName}} forgot their password. Open the account and reset the user’s password to give them a one-time password.',
    },
  },
  content: {
    submitted: {
      title: 'Content to review: {{seriesName}}',
      content_one: '{{accountName}} submitted the series "{{seriesName}}" for publication: {{count}} video to review. Approve or reject it in Content Review.',
      content_other: '{{accountName}} submitted the series "{{seriesName}}" for publication: {{count}} videos to review. Approve or reject them in Content Review.',
    },
    approved: {
      title: 'Series published: {{seriesName}}',
      content: 'Your publication request for the series "{{seriesName}}" was approved: its changes are published.',
    },
    rejected: {
      title: 'Publication request rejected: {{seriesName}}',
      content: 'Videos rejected in your request for the series "{{seriesName}}": {{rejected}}. Reasons: {{reasons}}. Nothing of it was published; see Request Approvals for each video.',
    },
  },
  report: {
    scheduledRun: {
      title: 'Scheduled report ready: {{name}}',
      content: 'Your saved report "{{name}}" ran for {{from}} to {{to}}. Open it in Data Insights to download the CSV; it is kept for 30 days.',
    },
  },
  units: {
    day_one: '{{count}} day',
    day_other: '{{count}} days',
  },
  /** A value the message was sent without. */
  notGiven: 'not given.',
};

const zhCN: typeof enUS = {
  recycle: {
    purgeSoon: {
      title: '回收站：$t(notificationMessages.units.day, {"count": {{days}} })后永久删除',
      content_one: '回收站中的 {{count}} 项内容将于 {{purgeAt, datetime(dateStyle: long)}} 被永久删除。如仍需要，请在此之前恢复。',
      content_other: '回收站中的 {{count}} 项内容将于 {{purgeAt, datetime(dateStyle: long)}} 起被永久删除。如仍需要，请在此之前恢复。',
    },
  },
  image: {
    rejected: {
      title: '图片未通过审核：{{name}}',
      content: '原因：{{reason}} 请在图片库中替换该图片，替换后将重新审核。',
    },
  },
  campaign: {
    submitted: {
      title: '待审核广告活动：{{name}}',
      content: '{{accountName}} 提交了广告活动“{{name}}”待审核。请在广告主广告活动中通过或拒绝。',
    },
    approved: {
      title: '广告活动已通过：{{name}}',
      content: '您的广告活动“{{name}}”已通过审核，将于 {{startAt, datetime(dateStyle: long)}} 开始投放。',
    },
    rejected: {
      title: '广告活动未通过审核：{{name}}',
      content: '原因：{{reason}} 请在广告活动列表中修改后重新提交。',
    },
    started: {
      title: '广告活动已开始：{{name}}',
      content: '您的广告活动“{{name}}”已于 {{startedAt, datetime(dateStyle: long)}} 开始投放。',
    },
    ended: {
      title: '广告活动已结束：{{name}}',
      content: '您的广告活动“{{name}}”已于 {{endedAt, datetime(dateStyle: long)}} 结束。',
    },
    budgetAlert: {
      title: '预算已使用 {{percent}}%：{{name}}',
      content: '您的广告活动“{{name}}”的总预算已使用 {{percent}}%。如需继续投放，请提高预算。',
    },
    creativesBinned: {
      title_one: '1 个广告已停止投放：{{name}}',
      title_other: '{{count}} 个广告已停止投放：{{name}}',
      content_one: '您的广告活动“{{name}}”中有 1 个广告已停止投放：其展示的图片或视频（{{creatives}}）已移入回收站。请在回收站中恢复，广告即可继续投放。',
      content_other: '您的广告活动“{{name}}”中有 {{count}} 个广告已停止投放：其展示的图片或视频（{{creatives}}）已移入回收站。请在回收站中恢复，广告即可继续投放。',
    },
    adsSubmitted: {
      title: '待审核广告：{{name}}',
      content: '{{accountName}} 在投放中的广告活动“{{name}}”中新增或修改了广告。审核决定前，已通过的广告继续投放；请在广告主广告活动中审核。',
    },
    adsReviewed: {
      title: '广告审核完成：{{name}}',
      content: '您在广告活动“{{name}}”中新增或修改的广告：{{approved}} 个通过，{{rejected}} 个未通过。通过的修改已开始投放；未通过的修改不影响原广告。原因见广告活动的“广告”标签页。',
    },
  },
  adSlot: {
    submitted: {
      title: '待审核广告位：{{name}}',
      content: '{{accountName}} 提交了广告位“{{name}}”待审核。请在广告位审核中通过或拒绝。',
    },
    approved: {
      title: '广告位已通过：{{name}}',
      content: '您的广告位“{{name}}”已通过审核。请将其代码添加到页面并完成验证后上线。',
    },
    rejected: {
      title: '广告位未通过审核：{{name}}',
      content: '原因：{{reason}} 请在广告位审核中修改后重新提交。',
    },
    live: {
      title: '广告位已上线：{{name}}',
      content: '您的广告位“{{name}}”已通过验证，现已开始投放广告。',
    },
  },
  placement: {
    awaiting: {
      title_one: '有 1 个投放待审核',
      title_other: '有 {{count}} 个投放待审核',
      content_one: '有 1 个新广告将在您的广告位上展示。请在投放审核中通过或拒绝。',
      content_other: '有 {{count}} 个新广告将在您的广告位上展示。请在投放审核中通过或拒绝。',
    },
    rejected: {
      title_one: '{{publisherName}} 拒绝了投放',
      title_other: '{{publisherName}} 拒绝了 {{count}} 个投放',
      content: '原因：{{reason}} 您的广告将不会在该广告位展示。请查看已拒绝的投放。',
    },
  },
  statusChange: {
    requested: {
      title: '待审批请求：$t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: '{{accountName}} 申请$t(notificationMessages.statusChangeVerb.{{kind}})“{{entityName}}”。请在请求管理中批准或拒绝。',
    },
    approved: {
      title: '请求已批准：$t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: '您$t(notificationMessages.statusChangeVerb.{{kind}})“{{entityName}}”的请求已获批准并生效。',
    },
    rejected: {
      title: '请求被拒绝：$t(notificationMessages.statusChangeKind.{{kind}}) — {{entityName}}',
      content: '您$t(notificationMessages.statusChangeVerb.{{kind}})“{{entityName}}”的请求被拒绝。原因：{{reason}}',
    },
  },
  statusChangeKind: {
    campaign: { terminate: '终止广告活动' },
    adSlot: { offline: '广告位下线', online: '广告位重新上线' },
    account: { reactivate: '重新启用账户', close: '关闭账户' },
  },
  statusChangeVerb: {
    campaign: { terminate: '终止广告活动' },
    adSlot: { offline: '将广告位下线', online: '将广告位重新上线' },
    account: { reactivate: '重新启用账户', close: '关闭账户' },
  },
  password: {
    resetRequested: {
      title: '申请重置密码：{{userName}}',
      content: '{{accountName}} 的 {{userName}}（{{email}}）忘记了密码。请打开该账户并重置该用户的密码，为其生成一次性密码。',
    },
  },
  content: {
    submitted: {
      title: '待审核内容：{{seriesName}}',
      content_one: '{{accountName}} 提交了系列“{{seriesName}}”申请发布：{{count}} 个视频待审核。请在内容审核中通过或拒绝。',
      content_other: '{{accountName}} 提交了系列“{{seriesName}}”申请发布：{{count}} 个视频待审核。请在内容审核中通过或拒绝。',
    },
    approved: {
      title: '系列已发布：{{seriesName}}',
      content: '您对系列“{{seriesName}}”的发布请求已获批准，其变更已发布。',
    },
    rejected: {
      title: '发布请求被拒绝：{{seriesName}}',
      content: '您对系列“{{seriesName}}”的请求中有 {{rejected}} 个视频被拒绝。原因：{{reasons}}。该请求的内容均未发布；请在请求审批中查看每个视频的结果。',
    },
  },
  report: {
    scheduledRun: {
      title: '定时报表已生成：{{name}}',
      content: '您保存的报表“{{name}}”已生成 {{from}} 至 {{to}} 的数据。请在数据洞察中打开并下载 CSV，文件保留 30 天。',
    },
  },
  units: {
    day_one: '{{count}} 天',
    day_other: '{{count}} 天',
  },
  notGiven: '未说明。',
};

/** The message templates by language, as i18next resources (namespace `notificationMessages`). */
export const NOTIFICATION_MESSAGE_TEMPLATES: Record<NotificationLanguage, typeof enUS> = { 'en-US': enUS, 'zh-CN': zhCN };
