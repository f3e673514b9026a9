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
