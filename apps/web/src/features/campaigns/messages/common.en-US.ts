export default {
  // list
  status: {
    draft: 'Draft',
    pending_review: 'In review',
    rejected: 'Rejected',
    scheduled: 'Scheduled',
    active: 'Active',
    paused: 'Paused',
    ended: 'Ended',
  },
  outcome: {
    pending: 'Waiting',
    approved: 'Approved',
    rejected: 'Rejected',
    none: 'Not submitted',
  },
  objective: {
    awareness: 'Awareness',
    traffic: 'Traffic',
    conversions: 'Conversions',
  },
  bidStrategy: {
    cpm: 'CPM',
    cpc: 'CPC',
  },
  device: {
    desktop: 'Desktop',
    mobile: 'Mobile',
    tablet: 'Tablet',
  },
  format: {
    image: 'Image',
    video: 'Video',
  },
  // end list
} as const;
