import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { campaignListQuery, campaignListState, staffCampaignsState, staffListQuery } from './list-state';

describe('campaign list URL state', () => {
  it('reads known statuses once, in their order, and drops malformed dates and a range ending before it starts', () => {
    const state = campaignListState.parse(new URLSearchParams('status=paused,bogus,active,paused&from=2026-12-10&to=2026-12-01&campaign=x'));
    expect(state.statuses).toEqual(['active', 'paused']);
    expect(state.from).toBe('2026-12-10');
    expect(state.to).toBeUndefined();
    expect(state.campaign).toBeUndefined();
    expect(campaignListState.parse(new URLSearchParams('from=2026-13-45')).from).toBeUndefined();
    expect(campaignListState.serialize(state).toString()).toBe('status=active%2Cpaused&from=2026-12-10');
  });

  it('asks for the default list with the fields in the early call’s order', () => {
    expect(new URLSearchParams(campaignListQuery(campaignListState.defaults, 'UTC') as Record<string, string>).toString()).toBe(
      'sort=updatedAt&order=desc&page=1&pageSize=20&range=last7&timeZone=UTC',
    );
  });

  it('keeps the figures’ range in the URL, apart from the days campaigns run on; staff’s lists have none', () => {
    const state = campaignListState.parse(new URLSearchParams('range=last30&from=2026-12-01'));
    expect(state).toMatchObject({ range: 'last30', from: '2026-12-01' });
    expect(campaignListState.serialize(state).toString()).toBe('from=2026-12-01&range=last30');
    // The default range and an unknown one are left out of the URL.
    expect(campaignListState.parse(new URLSearchParams('range=forever')).range).toBe('last7');
    expect(campaignListState.serialize(campaignListState.defaults).toString()).toBe('');
    expect(campaignListQuery(state, 'Asia/Shanghai')).toMatchObject({ range: 'last30', timeZone: 'Asia/Shanghai', from: '2026-12-01' });
    expect(staffListQuery(staffCampaignsState.defaults)).not.toHaveProperty('range');
  });

  it('opening a drawer keeps the page; a filter goes back to page 1', () => {
    const onPage3 = { ...campaignListState.defaults, page: 3 };
    expect(campaignListState.next(onPage3, { campaign: 5 }).page).toBe(3);
    expect(campaignListState.next(onPage3, { statuses: ['draft'] }).page).toBe(1);
  });

  it('staff: the queue lists what waits for review, every tab puts the queue first', () => {
    const queue = staffCampaignsState.parse(new URLSearchParams('status=active&account=4'));
    expect(staffListQuery(queue)).toMatchObject({ status: 'pending_review', accountId: 4, queueFirst: 'true' });
    const all = staffCampaignsState.parse(new URLSearchParams('tab=all&status=active'));
    expect(staffListQuery(all)).toMatchObject({ status: 'active', queueFirst: 'true' });
  });
});

describe('formatMoney', () => {
  it('converts minor units by the currency’s own decimals', () => {
    expect(formatMoney(123_45, 'USD', 'en-US')).toBe('$123.45');
    expect(formatMoney(5_000, 'JPY', 'en-US')).toBe('¥5,000');
    expect(formatMoney(1_234, 'BHD', 'en-US')).toMatch(/^BHD\s1\.234$/);
    // An unknown code still shows an amount.
    expect(formatMoney(1_050, 'X1', 'en-US')).toBe('10.50 X1');
  });
});
