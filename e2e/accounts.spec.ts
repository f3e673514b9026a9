import { currentRoute, DEMO, expect, signIn, test } from './support';

// Account management end to end on the real server: staff create an advertiser account with its
// first user; that user signs in with the one-time password, must choose their own, and lands on the
// overview; staff suspend the account and the user's open console is signed out at its next call.

test('staff create an account; its user signs in once, chooses a password, and is signed out when staff suspend the account', async ({ browser }) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const company = `E2E Roasters ${stamp}`;
  const code = `E2E_${stamp}`.toUpperCase();
  const email = `owner.${stamp}@e2e.example`;

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto('/#/accountManagement/advertiser');
  await staff.getByRole('button', { name: 'New account' }).click();
  const create = staff.getByRole('dialog', { name: 'New advertiser account' });
  await create.getByLabel('Company name').fill(company);
  await create.getByLabel('Account code').fill(code);
  await create.getByLabel('Contact email').fill(email);
  await create.getByLabel('Name', { exact: true }).fill('Olive Owner');
  await create.getByLabel('Email', { exact: true }).fill(email);
  await create.getByRole('button', { name: 'Create account' }).click();

  // The one-time password, shown once.
  const shown = staff.getByRole('dialog', { name: 'One-time password' });
  const oneTime = (await shown.getByLabel(`One-time password for ${email}`).textContent())?.trim() ?? '';
  expect(oneTime).toMatch(/^[A-Za-z0-9]{12}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  // The new account is listed (its drawer opened on it).
  await expect.poll(() => currentRoute(staff)).toMatch(/^accountManagement\/advertiser\?.*account=\d+/);

  // The new user: the one-time password signs in, but only to choose their own.
  const owner = await (await browser.newContext()).newPage();
  await owner.goto('/#/user/login');
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill(oneTime);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await expect(owner.getByRole('heading', { name: 'Choose your own password' })).toBeVisible();
  await expect.poll(() => currentRoute(owner)).toBe('changePassword');
  await owner.getByLabel('One-time password').fill(oneTime);
  await owner.getByLabel('New password', { exact: true }).fill('Roast2026beans');
  await owner.getByLabel('Repeat the new password').fill('Roast2026beans');
  await owner.getByRole('button', { name: 'Change password' }).click();
  await expect.poll(() => currentRoute(owner)).toBe('advertiserOverview');
  await expect(owner.getByRole('heading', { name: 'Advertiser Overview' })).toBeVisible();
  await expect(owner.getByRole('button', { name: email })).toBeVisible();

  // Staff suspend the account: the owner's open console is signed out at its next call.
  const drawer = staff.getByRole('dialog', { name: company });
  await drawer.getByRole('button', { name: 'Suspend' }).click();
  await staff.getByRole('dialog', { name: `Suspend “${company}”?` }).getByRole('button', { name: 'Suspend' }).click();
  await expect(staff.getByText(`“${company}” suspended`)).toBeVisible();

  await owner.getByRole('navigation').getByRole('link', { name: 'Data Insights' }).click();
  await expect.poll(() => currentRoute(owner)).toMatch(/^user\/login/);
  // And cannot sign in again, with the reason said.
  await owner.getByLabel('Email').fill(email);
  await owner.getByLabel('Password').fill('Roast2026beans');
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await expect(owner.getByText('This account is suspended. Please contact your account manager.')).toBeVisible();
});
