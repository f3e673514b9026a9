// The wizard's forecast panel (budget step, review step, live settings).
export default {
  title: 'Forecast',
  intro: 'A typical day for these settings, from the last {{days}} days of the slots you can show on and the campaigns bidding there.',
  incomplete: 'Fill in the daily budget, how you bid and the maximum bid to see a forecast.',
  loading: 'Forecasting…',
  failed: 'The forecast is not available right now.',
  impressions: 'Impressions a day',
  clicks: 'Clicks a day',
  spend: 'Spend a day',
  range: '{{expected}} ({{low}} – {{high}})',
  rangeHint: 'Expected, and the range eight days in ten of the last {{days}} fell within.',
  slots: 'Eligible slots: {{eligible}} · matching ad requests a day: {{requests}}',
  warnings: {
    noEligibleSlot: 'No live ad slot matches this targeting and these ads: the campaign would not deliver.',
    bidBelowFloor: 'The bid is below the floor of every slot it could show on: nothing would deliver. Bid at least {{minBid}}.',
    bidBelowFloorNoBid: 'The bid is below the floor of every slot it could show on: nothing would deliver.',
    outbid: 'Campaigns bidding more take most of these ad requests. A bid of {{minBid}} would win most of them.',
    budgetLimited: 'The daily budget limits delivery: about {{more}} more impressions a day could be bought, for a daily budget of {{needed}}.',
    budgetTooLow: 'The daily budget is too low to buy even one impression at this bid.',
  },
};
