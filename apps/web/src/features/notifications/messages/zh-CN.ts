import type enUS from './en-US';

const zhCN: typeof enUS = {
  notificationMessages: {
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
        title: '待审核广告系列：{{name}}',
        content: '{{accountName}} 提交了广告系列“{{name}}”待审核。请在广告主广告系列中通过或拒绝。',
      },
      approved: {
        title: '广告系列已通过：{{name}}',
        content: '您的广告系列“{{name}}”已通过审核，将于 {{startAt, datetime(dateStyle: long)}} 开始投放。',
      },
      rejected: {
        title: '广告系列未通过审核：{{name}}',
        content: '原因：{{reason}} 请在广告系列列表中修改后重新提交。',
      },
      started: {
        title: '广告系列已开始：{{name}}',
        content: '您的广告系列“{{name}}”已于 {{startedAt, datetime(dateStyle: long)}} 开始投放。',
      },
      ended: {
        title: '广告系列已结束：{{name}}',
        content: '您的广告系列“{{name}}”已于 {{endedAt, datetime(dateStyle: long)}} 结束。',
      },
      budgetAlert: {
        title: '预算已使用 {{percent}}%：{{name}}',
        content: '您的广告系列“{{name}}”的总预算已使用 {{percent}}%。如需继续投放，请提高预算。',
      },
      creativesBinned: {
        title_one: '1 个广告已停止投放：{{name}}',
        title_other: '{{count}} 个广告已停止投放：{{name}}',
        content_one: '您的广告系列“{{name}}”中有 1 个广告已停止投放：其展示的图片或视频（{{creatives}}）已移入回收站。请在回收站中恢复，广告即可继续投放。',
        content_other: '您的广告系列“{{name}}”中有 {{count}} 个广告已停止投放：其展示的图片或视频（{{creatives}}）已移入回收站。请在回收站中恢复，广告即可继续投放。',
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
        title_one: '有 1 个展示位置待审核',
        title_other: '有 {{count}} 个展示位置待审核',
        content_one: '有 1 个新广告将在您的广告位上展示。请在展示位置审核中通过或拒绝。',
        content_other: '有 {{count}} 个新广告将在您的广告位上展示。请在展示位置审核中通过或拒绝。',
      },
      rejected: {
        title_one: '{{publisherName}} 拒绝了展示位置',
        title_other: '{{publisherName}} 拒绝了 {{count}} 个展示位置',
        content: '原因：{{reason}} 您的广告将不会在该广告位展示。请查看已拒绝的展示位置。',
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
    units: {
      day_one: '{{count}} 天',
      day_other: '{{count}} 天',
    },
    notGiven: '未说明。',
  },
  announcementZh: {
    add: '添加中文版本',
    hint: '使用中文的用户看到此版本，其他用户看到英文版本。',
    title: '标题（中文）',
    content: '内容（中文）',
  },
};
export default zhCN;
