// English resources. zh-CN mirrors these keys exactly (a test checks it).
const enUS = {
  app: {
    title: 'Ads Console',
    tagline: 'Plan, review and measure advertising in one place.',
    loading: 'Loading…',
    /** The picture of an empty list or panel (its accessible name). */
    noData: 'No data',
    /** The pictures of the 404 and 401 pages (their accessible names). */
    notFoundImage: 'Page not found',
    unauthorizedImage: 'Access denied',
  },
  // The browser tab: "Page · Ads Console".
  documentTitle: {
    format: '{{page}} · {{app}}',
    login: 'Sign in',
    notFound: 'Page not found',
    unauthorized: 'Not authorized',
    changePassword: 'Change password',
  },
  language: {
    label: 'Language',
    'en-US': 'English',
    'zh-CN': '简体中文',
  },
  login: {
    heading: 'Sign in to Ads Console',
    subheading: 'For advertisers, publishers and platform staff.',
    email: 'Email',
    emailPlaceholder: 'name@company.com',
    password: 'Password',
    showPassword: 'Show',
    hidePassword: 'Hide',
    submit: 'Sign in',
    emailRequired: 'Please enter your email',
    emailInvalid: 'Please enter a valid email',
    passwordRequired: 'Please enter your password',
    failed: 'Sign-in failed',
    noConsolePage:
      'You are signed in as {{email}}, but no role of yours has pages in this console. Ask your administrator for access, or sign out to use another account.',
    signOut: 'Sign out',
    /** Opens the forgot-password form (its texts load with it: features/auth/messages). */
    forgotPassword: 'Forgot password?',
    /** Offered when sign-in fails because the account is suspended. */
    requestReactivation: 'Request reactivation',
    footer: '© Ads Console',
  },
  // Messages for the server's error codes; en-US shows the server's own sentence instead.
  serverErrors: {
    INVALID_CREDENTIALS: 'The email or password is incorrect.',
    USER_DISABLED: 'This user has been disabled. Contact your administrator.',
    ACCOUNT_NOT_ACTIVE: 'This account is not active. Contact your administrator.',
    TOO_MANY_ATTEMPTS_one: 'Too many failed sign-in attempts. Try again in {{count}} minute.',
    TOO_MANY_ATTEMPTS_other: 'Too many failed sign-in attempts. Try again in {{count}} minutes.',
    VALIDATION_FAILED: 'Some fields are not valid.',
    RATE_LIMITED: 'Too many requests. Please try again later.',
    INTERNAL_ERROR: 'Something went wrong on the server. Please try again.',
    UNAUTHORIZED: 'Your session has ended. Please sign in again.',
    ACCOUNT_STATE: 'The account’s status does not allow this now. Reload to see it.',
    SELF_CHANGE: 'You cannot do this to your own user.',
    LAST_STAFF: 'This is the last active staff user: it cannot be disabled.',
    PASSWORD_CHANGE_REQUIRED: 'Please choose your own password first.',
  },
  api: {
    httpFailed: 'Failed to fetch {{url}}',
    noResponse: 'An error occurred while fetching {{url}}',
    setupFailed: 'An error occurred while setting up the request to {{url}}',
  },
  shell: {
    mainNavigation: 'Main navigation',
    collapseMenu: 'Collapse menu',
    expandMenu: 'Expand menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    closeSearch: 'Close search',
    /** {{what}}: the words below that the user's search looks through, as a list. */
    searchPlaceholder: 'Search {{what}}',
    searchWords: { pages: 'pages', adSlot: 'ad slots', campaign: 'campaigns', folder: 'folders', image: 'images', series: 'series', video: 'videos' },
    searchGroups: { pages: 'Pages', adSlot: 'Ad slots', campaign: 'Campaigns', folder: 'Folders', image: 'Images', series: 'Series', video: 'Videos' },
    searchSeriesVideos_one: '{{count}} video',
    searchSeriesVideos_other: '{{count}} videos',
    searching: 'Searching…',
    noMatches: 'No matches',
    actionCenter: 'Action Center',
    signOut: 'Sign out {{email}}',
    signOutHint: 'Click to sign out',
    profile: 'Profile',
    logoutSuccess: 'Exit successful',
    networkError: 'Network error, please retry',
  },
  actionCenter: {
    title: 'Action Center',
    actions: 'Actions',
    notifications: 'Notifications',
    emptyActions: 'No actions waiting for you',
    emptyNotifications: 'No notifications',
    hasUnread: '(unread)',
    unreadCount_one: '{{count}} unread message',
    unreadCount_other: '{{count}} unread messages',
    markAllRead: 'Mark All as Read',
    markAllReadHint: 'Mark every notification on this tab as read',
    allRead: 'All Read',
    unread: 'Unread',
    delete: 'Delete',
    noTitle: 'No title',
    noContent: 'No content',
    unknownTime: 'Unknown time',
    kind: {
      info: 'Information',
      warning: 'Needs action',
      success: 'Success',
    },
    newAnnouncement: 'New announcement',
  },
  announcement: {
    heading: 'New announcement',
    title: 'Title',
    titleRequired: 'Please enter a title',
    content: 'Message',
    contentRequired: 'Please enter the message',
    tooLong: 'At most {{max}} characters',
    audience: 'Audience',
    audienceAll: 'All users',
    audienceRole: 'A role',
    audienceAccounts: 'Chosen accounts',
    role: 'Role',
    roleRequired: 'Please choose a role',
    accounts: 'Accounts',
    accountsRequired: 'Choose at least one account',
    accountsPlaceholder: 'Search accounts by name',
    noAccounts: 'No matching accounts',
    delivery: 'Delivery',
    deliveryNow: 'Now',
    deliveryLater: 'At a set time',
    sendAt: 'Send at',
    sendAtRequired: 'Please choose when to send it',
    sendAtPast: 'Please choose a time in the future',
    publish: 'Publish',
    schedule: 'Schedule',
    cancel: 'Cancel',
    published_one: 'Announcement published to {{count}} user',
    published_other: 'Announcement published to {{count}} users',
    scheduled: 'Announcement scheduled for {{time}}',
    failed: 'The announcement could not be published',
    discardTitle: 'Discard this announcement?',
    discardText: 'What you have typed will be lost.',
    discard: 'Discard',
    keepEditing: 'Keep editing',
  },
  // Role and account-kind names as the audience picker shows them.
  roles: {
    Advertiser: 'Advertisers',
    Publisher: 'Publishers',
    MsInternal: 'Internal staff',
  },
  accountKinds: {
    advertiser: 'Advertiser',
    publisher: 'Publisher',
    internal: 'Internal',
  },
  errorPages: {
    notFoundTitle: '404',
    notFound: 'Sorry, the page you visited does not exist.',
    unauthorizedTitle: '401',
    unauthorized: 'Sorry, you are not authorized to access this page.',
    backHome: 'Back Home',
    /** A page whose code failed to load (a lost connection, a new version deployed) or that failed to show. */
    failed: 'This page could not be shown. Reload to try again.',
    reload: 'Reload',
  },
  // The name rule of every name field (contracts' nameSchema), for the name dialog.
  nameRule: {
    unsafe: 'Names cannot contain line breaks, control characters, invisible characters or text-direction marks.',
  },
  // The list kit's own words (shared/list): the pager, as antd's Pagination words them.
  listKit: {
    pagination: 'Pagination',
    previousPage: 'Previous Page',
    nextPage: 'Next Page',
    previousPages: 'Previous 5 Pages',
    nextPages: 'Next 5 Pages',
    pageSize: 'Page Size',
    perPage: '{{size}} / page',
    selectPage: 'Select all on this page',
    empty: 'No data',
  },
  // Menu titles by the server's stable menu id; unknown ids fall back to the server's title.
  menu: {
    '101': 'Overview',
    '102': 'Data Insights',
    '103': 'Campaign',
    '104': 'Create Campaign',
    '105': 'Campaign List',
    '106': 'Asset Library',
    '107': 'Image Gallery',
    '108': 'Recycle Bin',
    '109': 'Video Library',
    '110': 'Ad Management',
    '111': 'Slot Review',
    '112': 'Slot Validation',
    '113': 'Disapproved Placements',
    '114': 'Request Management',
    '201': 'Overview',
    '202': 'Data Insights',
    '203': 'Ad Management',
    '204': 'Ad Slot Review',
    '205': 'Ad Slot Validation',
    '206': 'Placement Review',
    '207': 'Placement Validation',
    '208': 'Video Library',
    '209': 'Publisher Content',
    '210': 'Request Approvals',
    '211': 'Request Management',
    '301': 'Overview',
    '302': 'Advertiser Overview',
    '303': 'Publisher Overview',
    '304': 'Data Insights',
    '305': 'Platform',
    '306': 'Advertiser Reports',
    '307': 'Publisher Reports',
    '308': 'Advertiser Campaigns',
    '309': 'Ad Management',
    '310': 'Ad Slot Review',
    '311': 'Publisher Content',
    '312': 'Request Approvals',
    '313': 'Content Review',
    '314': 'Account Management',
    '315': 'Advertisers',
    '316': 'Publishers',
    '317': 'Internal Staff',
    '318': 'Request Management',
  },
  // Page titles, by route.
  pages: {
    // Every user's own page (no menu entry): named here for its tab and its first load's heading.
    profile: {
      title: 'Profile',
    },
    advertiserOverview: {
      title: 'Advertiser Overview',
    },
    publisherOverview: {
      title: 'Publisher Overview',
    },
    dataInsights: {
      title: 'Data Insights',
    },
    'dataInsights/advertiser': {
      title: 'Advertiser Reports',
    },
    'dataInsights/publisher': {
      title: 'Publisher Reports',
    },
    'campaign/create': {
      title: 'Create Campaign',
    },
    'campaign/list': {
      title: 'Campaign List',
    },
    'campaign/view': {
      title: 'Campaign',
    },
    'assetLibrary/imageGallery': {
      title: 'Image Gallery',
    },
    'assetLibrary/recycleBin': {
      title: 'Recycle Bin',
    },
    'advAdSlotManagement/review': {
      title: 'Slot Review',
    },
    'advAdSlotManagement/validation': {
      title: 'Slot Validation',
    },
    'advAdSlotManagement/disapprovedPlacement': {
      title: 'Disapproved Placements',
    },
    videoLibrary: {
      title: 'Video Library',
    },
    'adSlotManagement/review': {
      title: 'Ad Slot Review',
    },
    'adSlotManagement/validation': {
      title: 'Ad Slot Validation',
    },
    'adPlacementManagement/review': {
      title: 'Placement Review',
    },
    'adPlacementManagement/validation': {
      title: 'Placement Validation',
    },
    'publisherContent/requestApprovals': {
      title: 'Request Approvals',
    },
    'publisherContent/contentReview': {
      title: 'Content Review',
    },
    'accountManagement/advertiser': {
      title: 'Advertiser Accounts',
    },
    'accountManagement/publisher': {
      title: 'Publisher Accounts',
    },
    'accountManagement/msInternal': {
      title: 'Internal Staff',
    },
    advertiserCampaign: {
      title: 'Advertiser Campaigns',
    },
    'requestManagement/statusManagement': {
      title: 'Request Management',
    },
  },
};

export type Resources = typeof enUS;
export default enUS;
