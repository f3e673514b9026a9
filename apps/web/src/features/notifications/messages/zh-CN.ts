import { NOTIFICATION_MESSAGE_TEMPLATES } from '@ads/contracts';
import type enUS from './en-US';

const zhCN: typeof enUS = {
  notificationMessages: NOTIFICATION_MESSAGE_TEMPLATES['zh-CN'],
  announcementZh: {
    add: '添加中文版本',
    hint: '使用中文的用户看到此版本，其他用户看到英文版本。',
    title: '标题（中文）',
    content: '内容（中文）',
  },
};
export default zhCN;
