import { NOTIFICATION_MESSAGE_TEMPLATES } from '@ads/contracts';

// The Action Center's system notifications come from contracts (notification-messages.ts: one
// source for the server's title and content and the web's); the announcement form's second
// language is the web's own.
const enUS = {
  notificationMessages: NOTIFICATION_MESSAGE_TEMPLATES['en-US'],
  announcementZh: {
    add: 'Add a Chinese version',
    hint: 'Readers using Chinese see this version; everyone else sees the English one.',
    title: 'Title (Chinese)',
    content: 'Message (Chinese)',
  },
};
export default enUS;
