import { currentRoute, DEMO, expect, signIn, test } from './support';

// Status change requests end to end on the real server: the publisher asks, from its slot's drawer,
// to take a live slot offline; staff find the request waiting, approve it, and the slot is offline
// for the publisher, who is told in the Action Center.

test('the publisher requests a slot offline; staff approve it and the slot goes offline', async ({ browser }) => {
  test.setTimeout(90_000);
  const slotName = 'Sports rectangle';
  const publisher = await (await browser.newContext()).newPage();
  await signIn(publisher, DEMO.publisher);
  await publisher.goto('/#/adSlotManagement/review');
  await publisher.getByRole('row').filter({ hasText: slotName }).getByRole('button', { name: slotName, exact: true }).click();
  const drawer = publisher.getByRole('dialog', { name: slotName });
  await drawer.getByRole('button', { name: 'Request to take offline' }).click();
  const ask = publisher.getByRole('dialog', { name: `Take ad slot offline: ${slotName}` });
  await ask.getByRole('button', { name: 'Send request' }).click();
  // The reason is required, said by the field.
  await expect(ask.getByText('Please give a reason.')).toBeVisible();
  await ask.getByLabel('Reason').fill('The sports section closes for the winter.');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask).toBeHidden();
  await expect(drawer.getByText(/Take ad slot offline requested on .* — pending review/)).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Request to take offline' })).toBeDisabled();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto('/#/requestManagement/statusManagement');
  const row = staff.getByRole('row').filter({ hasText: slotName }).filter({ hasText: 'Pending' });
  await row.getByRole('button', { name: 'Take ad slot offline' }).click();
  await expect.poll(() => currentRoute(staff)).toMatch(/requestManagement\/statusManagement\?.*request=\d+/);
  const request = staff.getByRole('dialog', { name: `Take ad slot offline: ${slotName}` });
  await expect(request.getByText('The sports section closes for the winter.')).toBeVisible();
  await request.getByRole('button', { name: 'Approve' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Approve: Take ad slot offline' });
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`Approved: Take ad slot offline — ${slotName}`)).toBeVisible();
  await expect(request.getByText('Approved', { exact: true }).first()).toBeVisible();

  // The publisher's slot is offline now (its list says so after a reload).
  await publisher.reload();
  await expect(publisher.getByRole('row').filter({ hasText: slotName }).getByText('Offline', { exact: true })).toBeVisible();
});
