export default {
  // list
  status: {
    draft: '草稿',
    pending_review: '审核中',
    rejected: '已拒绝',
    scheduled: '已排期',
    active: '投放中',
    paused: '已暂停',
    ended: '已结束',
  },
  outcome: {
    pending: '待审核',
    approved: '已通过',
    rejected: '已拒绝',
    none: '未提交',
  },
  objective: {
    awareness: '品牌认知',
    traffic: '流量',
    conversions: '转化',
  },
  bidStrategy: {
    cpm: 'CPM',
    cpc: 'CPC',
  },
  device: {
    desktop: '桌面设备',
    mobile: '手机',
    tablet: '平板',
  },
  format: {
    image: '图片',
    video: '视频',
  },
  // end list
} as const;
