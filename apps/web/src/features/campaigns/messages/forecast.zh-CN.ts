// 向导中的预测面板（预算步骤、确认步骤、投放中设置）。
export default {
  title: '效果预测',
  intro: '按最近 {{days}} 天可投放广告位的真实请求量和在这些广告位出价的广告活动，估算这些设置下的典型一天。',
  incomplete: '填写每日预算、出价方式和最高出价后即可查看预测。',
  loading: '正在预测…',
  failed: '暂时无法获取预测。',
  impressions: '每日展示次数',
  clicks: '每日点击次数',
  spend: '每日花费',
  range: '{{expected}}（{{low}} – {{high}}）',
  rangeHint: '预期值，以及最近 {{days}} 天中十天有八天落入的范围。',
  slots: '可投放广告位：{{eligible}} 个 · 每日匹配的广告请求：{{requests}} 次',
  warnings: {
    noEligibleSlot: '没有与此定向和这些广告匹配的在线广告位：该广告活动将无法投放。',
    bidBelowFloor: '出价低于所有可投放广告位的底价：将无法投放。出价至少为 {{minBid}}。',
    bidBelowFloorNoBid: '出价低于所有可投放广告位的底价：将无法投放。',
    outbid: '出价更高的广告活动占据了这些广告请求的大部分。出价 {{minBid}} 可赢得其中大部分。',
    budgetLimited: '每日预算限制了投放：每天还可多购买约 {{more}} 次展示，需要每日预算 {{needed}}。',
    budgetTooLow: '每日预算过低，以此出价连一次展示都无法购买。',
  },
};
