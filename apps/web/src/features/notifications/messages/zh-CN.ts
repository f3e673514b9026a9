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
