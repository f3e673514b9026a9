import { expect, type Page } from '@playwright/test';

export const DEMO = {
  advertiser: 'advertiser@demo.test',
  publisher: 'publisher@demo.test',
  staff: 'staff@demo.test',
} as const;
export const DEMO_PASSWORD = 'Demo@2026';

/** Signs in through the login page, as a person would. */
export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD) => {
  await page.goto('/#/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: email })).toBeVisible();
};

/** The hash route the app shows, without the leading "#/". */
export const currentRoute = (page: Page) => new URL(page.url()).hash.replace(/^#\/?/, '');
