import type { Services } from '../../app';

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_USERS = {
  advertiser: { email: 'advertiser@demo.test', name: 'Avery Advertiser', account: 'Contoso Coffee', kind: 'advertiser' },
  publisher: { email: 'publisher@demo.test', name: 'Parker Publisher', account: 'Fabrikam News', kind: 'publisher' },
  staff: { email: 'staff@demo.test', name: 'Sam Staff', account: 'Ads Platform Operations', kind: 'internal' },
} as const;

/** Fills an empty installation with the demo accounts (README: demo accounts). */
export const seedDemoData = async (services: Services) => {
  for (const demo of Object.values(DEMO_USERS)) {
    await services.identity.createAccountWithUser({
      account: { name: demo.account, kind: demo.kind },
      user: { email: demo.email, name: demo.name, password: DEMO_PASSWORD },
    });
  }
};
