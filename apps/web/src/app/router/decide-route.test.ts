import { MENU_GUARDED_ROUTES, type MenuEntry, type UserInfo } from '@ads/contracts';
import { describe, expect, it } from 'vitest';
import { decideRoute, isProtectedPath } from './decide-route';

const menu = (url: string, id = 1): MenuEntry => ({ id, parent: null, url, title: url, icon: '', sorts: id });

const ROLE_POWERS: Record<string, string[]> = {
  Advertiser: ['overview.advertiser'],
  Publisher: ['overview.publisher'],
  MsInternal: ['overview.advertiser', 'overview.publisher'],
};
const user = (roles: string[], urls: string[] = [], powers = roles.flatMap((role) => ROLE_POWERS[role] ?? [])): UserInfo => ({
  roles: roles.map((name) => ({ name })),
  menus: urls.map((url, index) => menu(url, index + 1)),
  powers: powers.map((code) => ({ code })),
  userBasicInfo: { email: 'a@b.test', name: 'A', accountId: 1, accountName: 'Acme', accountKind: 'advertiser' },
});

const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

describe('decideRoute', () => {
  describe('public area /user', () => {
    it('sends /user and unknown paths under it to /user/login', () => {
      expect(decideRoute('/user', null)).toEqual(to('/user/login'));
      expect(decideRoute('/user/', null)).toEqual(to('/user/login'));
      expect(decideRoute('/user/whatever', null)).toEqual(to('/user/login'));
      expect(decideRoute('/user/login/extra', null)).toEqual(to('/user/login'));
    });
    it('shows the login page when signed out', () => {
      expect(decideRoute('/user/login', null)).toEqual(allow);
    });
    it('sends a signed-in user at /user (and /user/login) to /overview', () => {
      expect(decideRoute('/user', user(['Advertiser']))).toEqual(to('/overview'));
      expect(decideRoute('/user/login', user(['Publisher']))).toEqual(to('/overview'));
    });
    it('lets a signed-in user without a landing page stay on login (no redirect loop)', () => {
      expect(decideRoute('/user/login', user([]))).toEqual(allow);
    });
  });

  describe('/ and /overview by the first role name', () => {
    it.each([
      ['Advertiser', '/advertiserOverview'],
      ['Publisher', '/publisherOverview'],
      ['MsInternal', '/advertiserOverview'],
    ])('%s goes to %s', (role, target) => {
      expect(decideRoute('/', user([role]))).toEqual(to(target));
      expect(decideRoute('/overview', user([role]))).toEqual(to(target));
    });
    it('uses the first role only', () => {
      expect(decideRoute('/', user(['Publisher', 'Advertiser']))).toEqual(to('/publisherOverview'));
    });
    it('sends no role, or another role, to login', () => {
      expect(decideRoute('/', user([]))).toEqual(to('/user/login'));
      expect(decideRoute('/', user(['Auditor']))).toEqual(to('/user/login'));
    });
  });

  describe('protected area', () => {
    it('requires user basic info', () => {
      expect(decideRoute('/', null)).toEqual(to('/user/login'));
      expect(decideRoute('/advertiserOverview', null)).toEqual(to('/user/login'));
      expect(decideRoute('/campaign/list', null)).toEqual(to('/user/login'));
      const noBasicInfo = { ...user(['Advertiser'], ['campaign/list']), userBasicInfo: undefined } as unknown as UserInfo;
      expect(decideRoute('/campaign/list', noBasicInfo)).toEqual(to('/user/login'));
    });
    it('has no menu check on the two overview pages', () => {
      expect(decideRoute('/advertiserOverview', user(['Advertiser']))).toEqual(allow);
      expect(decideRoute('/publisherOverview', user(['Publisher']))).toEqual(allow);
      expect(decideRoute('/publisherOverview', user(['MsInternal']))).toEqual(allow);
    });
    it("sends a user without an overview's power to /401, not to a dashboard whose calls all answer 403", () => {
      expect(decideRoute('/publisherOverview', user(['Advertiser'], ['publisherOverview']))).toEqual(to('/401'));
      expect(decideRoute('/advertiserOverview', user(['Publisher'], ['advertiserOverview']))).toEqual(to('/401'));
      // Landing by the first role on a page the user may not see ends on the 401 page, not in a loop.
      expect(decideRoute('/', user(['Advertiser'], [], []))).toEqual(to('/advertiserOverview'));
      expect(decideRoute('/advertiserOverview', user(['Advertiser'], [], []))).toEqual(to('/401'));
    });
    it.each(MENU_GUARDED_ROUTES.map((route) => [route]))('allows %s only when it is in the menu, else /401', (route) => {
      expect(decideRoute(`/${route}`, user(['Advertiser'], [route]))).toEqual(allow);
      expect(decideRoute(`/${route}`, user(['Advertiser'], ['somethingElse']))).toEqual(to('/401'));
    });
    it("lets a campaign's page through for a user whose menu has the campaign list or staff's campaigns, else /401", () => {
      expect(decideRoute('/campaign/view', user(['Advertiser'], ['campaign/list']))).toEqual(allow);
      expect(decideRoute('/campaign/view', user(['MsInternal'], ['advertiserCampaign']))).toEqual(allow);
      expect(decideRoute('/campaign/view', user(['Publisher'], ['publisherOverview', 'adSlotManagement/review']))).toEqual(to('/401'));
      expect(decideRoute('/campaign/view', null)).toEqual(to('/user/login'));
      expect(isProtectedPath('campaign/view')).toBe(true);
    });
    it('matches the exact path, not a prefix', () => {
      expect(decideRoute('/dataInsights', user(['MsInternal'], ['dataInsights/advertiser']))).toEqual(to('/401'));
      expect(decideRoute('/dataInsights/advertiser', user(['MsInternal'], ['dataInsights']))).toEqual(to('/401'));
    });
    it('accepts menu urls written with a leading slash', () => {
      expect(decideRoute('/campaign/list', user(['Advertiser'], ['/campaign/list']))).toEqual(allow);
    });
    it('accepts dataInsights/:type only for advertiser or publisher', () => {
      expect(decideRoute('/dataInsights/publisher', user(['Publisher'], ['dataInsights/publisher']))).toEqual(allow);
      expect(decideRoute('/dataInsights/platform', user(['MsInternal'], ['dataInsights/platform']))).toEqual(to('/404'));
    });
  });

  describe('error pages and unknown paths', () => {
    it('shows 404 and 401 to anyone', () => {
      expect(decideRoute('/404', null)).toEqual(allow);
      expect(decideRoute('/401', user(['Advertiser']))).toEqual(allow);
    });
    it('sends any unknown path to /404', () => {
      expect(decideRoute('/nope', user(['Advertiser']))).toEqual(to('/404'));
      expect(decideRoute('/campaign', user(['Advertiser'], ['campaign']))).toEqual(to('/404'));
      expect(decideRoute('/nope/deeper', null)).toEqual(to('/404'));
    });
  });

  describe('a password to choose (one-time password)', () => {
    const mustChange = (roles: string[], urls: string[] = []): UserInfo => {
      const info = user(roles, urls);
      return { ...info, userBasicInfo: { ...info.userBasicInfo, mustChangePassword: true } };
    };
    it('sends the user to /changePassword from every page, before anything else', () => {
      const info = mustChange(['Advertiser'], ['campaign/list']);
      for (const path of ['/', '/overview', '/advertiserOverview', '/campaign/list', '/user/login', '/404', '/401', '/no/such/page']) {
        expect(decideRoute(path, info)).toEqual(to('/changePassword'));
      }
      expect(decideRoute('/user/login', mustChange([]))).toEqual(to('/changePassword'));
    });
    it('shows /changePassword to them', () => {
      expect(decideRoute('/changePassword', mustChange(['Publisher']))).toEqual(allow);
    });
    it('lets any signed-in user change their password, without a menu entry', () => {
      expect(decideRoute('/changePassword', user(['MsInternal']))).toEqual(allow);
      expect(decideRoute('/changePassword/', user(['Advertiser']))).toEqual(allow);
    });
    it('sends a signed-out visitor of /changePassword to login', () => {
      expect(decideRoute('/changePassword', null)).toEqual(to('/user/login'));
    });
    it('sends them from /profile to /changePassword too', () => {
      expect(decideRoute('/profile', mustChange(['Advertiser']))).toEqual(to('/changePassword'));
    });
    it('leaves users whose password is their own where they are', () => {
      const info = { ...user(['Advertiser'], ['campaign/list']), userBasicInfo: { ...user(['Advertiser']).userBasicInfo, mustChangePassword: false } };
      expect(decideRoute('/campaign/list', info)).toEqual(allow);
    });
  });
});

describe('the profile page', () => {
  it('is every signed-in user\'s, without a menu entry', () => {
    for (const roles of [['Advertiser'], ['Publisher'], ['MsInternal'], []]) expect(decideRoute('/profile', user(roles))).toEqual(allow);
    expect(decideRoute('/profile/', user(['Advertiser']))).toEqual(allow);
    expect(isProtectedPath('profile')).toBe(true);
  });
  it('sends a signed-out visitor to login, and what is under it is unknown', () => {
    expect(decideRoute('/profile', null)).toEqual(to('/user/login'));
    expect(decideRoute('/profile/other', user(['Advertiser']))).toEqual(to('/404'));
  });
});
