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
