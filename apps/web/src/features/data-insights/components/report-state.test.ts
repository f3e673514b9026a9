import { readReportState, SAVED_REPORT_PARAMS, savedReportQuerySchema } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { reportRequest, reportState, savedQuery, type ReportState } from './report-state';

// The report's state in the URL: what a saved report keeps, and what the call is made of.

const everything: ReportState = {
  ...reportState.defaults,
  range: 'custom',
  from: '2026-10-01',
  to: '2026-10-31',
  granularity: 'week',
  dims: ['campaign', 'region'],
  compare: true,
  sort: 'clicks',
  order: 'asc',
  page: 3,
  pageSize: 100,
  accountId: 12,
  type: 'publisher',
  campaign: [7, 8],
  adGroup: [2],
  ad: [3],
  slot: [4],
  advertiser: [5],
  site: ['news.example.com'],
  region: ['US', 'GB'],
  device: ['mobile'],
};

describe('report state', () => {
  it('saves a query the saved reports’ contract takes: its own parameters only, without the page and the type', () => {
    const query = savedQuery(everything);
    expect(savedReportQuerySchema.safeParse(query).success).toBe(true);
    const params = [...new URLSearchParams(query).keys()];
    expect(params.filter((p) => !(SAVED_REPORT_PARAMS as readonly string[]).includes(p))).toEqual([]);
    // Every parameter the contract lists is one the page writes.
    expect([...params].sort()).toEqual([...SAVED_REPORT_PARAMS].sort());
    expect(reportState.parse(new URLSearchParams(query))).toEqual({ ...everything, page: 1, type: undefined });
  });

  it('reads a saved query as the server does when it runs a scheduled report (contracts’ readReportState)', () => {
    for (const query of [savedQuery(everything), '', 'range=thisMonth&dims=ad%2Cdevice&site=News.Example.com&region=US%2Cxx', 'page=0&pageSize=999&dims=%ZZ']) {
      expect(readReportState(query), query).toEqual(reportState.parse(new URLSearchParams(query)));
    }
  });

  it('asks for the type’s own filters, and the account on staff’s page only', () => {
    const advertiser = reportRequest('advertiser', everything, 'UTC');
    expect(advertiser).toMatchObject({ campaign: '7,8', adGroup: '2', ad: '3', slot: '4', region: 'US,GB', device: 'mobile' });
    expect(advertiser).not.toHaveProperty('site');
    expect(advertiser).not.toHaveProperty('advertiser');
    expect(advertiser).not.toHaveProperty('accountId');
    const publisher = reportRequest('publisher', everything, 'UTC', { platform: true });
    expect(publisher).toMatchObject({ slot: '4', advertiser: '5', site: 'news.example.com', region: 'US,GB', device: 'mobile', accountId: 12 });
    expect(publisher).not.toHaveProperty('campaign');
  });

  it('reads malformed filters as none', () => {
    const state = reportState.parse(new URLSearchParams('campaign=1,x,-2,1&region=us,GB&device=watch&site=bad%20site&accountId=abc'));
    expect(state).toMatchObject({ campaign: [1], region: ['GB'], device: [], site: [], accountId: undefined });
  });
});
