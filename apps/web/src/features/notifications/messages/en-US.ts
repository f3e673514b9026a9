// The Action Center's system notifications, by message key (contracts: NotificationMessages), and
// the announcement form's second language. Values: {{count}} drives the plural; times are formatted
// for the reader's language.
const enUS = {
  notificationMessages: {
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
    units: {
      day_one: '{{count}} day',
      day_other: '{{count}} days',
    },
    /** A value the message was sent without. */
    notGiven: 'not given.',
  },
  announcementZh: {
    add: 'Add a Chinese version',
    hint: 'Readers using Chinese see this version; everyone else sees the English one.',
    title: 'Title (Chinese)',
    content: 'Message (Chinese)',
  },
};
export default enUS;
