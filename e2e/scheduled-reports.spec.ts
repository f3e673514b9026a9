import fs from 'node:fs';
import { DEMO, expect, signIn, test } from './support';

// A scheduled report as its owner meets it (issue 29): its run is announced in the Action Center,
// whose link opens the report's schedule with the run; the run's CSV downloads as the report's
// rows; the schedule changes from the same drawer and says when it runs next.

test("a scheduled report's run is in the Action Center, downloads as CSV, and its schedule changes", async ({ page }) => {
  await signIn(page, DEMO.advertiser);
  await page.getByRole('button', { name: 'Action Center' }).click();
  const popup = page.getByRole('region', { name: 'Action Center' });
  await popup.getByRole('tab', { name: /Notifications/ }).click();
  // The demo's last run (newest first). The suite may run across a Monday 08:00 UTC, when the
  // server's own job adds the next run's card: either opens the same schedule.
  const card = popup.getByRole('tabpanel').locator('.notification-card', { hasText: 'Scheduled report ready: Weekly campaign performance' }).first();
  await card.getByRole('link').click();

  const drawer = page.getByRole('dialog', { name: 'Schedule: Weekly campaign performance' });
  await expect(drawer.getByText(/^Next run: .+ \(UTC\)\.$/)).toBeVisible();
  // The newest run's CSV (a run the server's job added meanwhile is listed too).
  const download = drawer.getByRole('button', { name: /^Download the CSV of \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/ }).first();
  await expect(download).toBeVisible();
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^advertiser-report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  // By campaign, as it was saved: the campaign that delivered those days has its row.
  expect(csv).toContain('Spring Blend Launch');

  await drawer.getByRole('combobox', { name: 'Runs' }).selectOption('daily');
  await drawer.getByRole('combobox', { name: 'At' }).selectOption('9');
  await drawer.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('“Weekly campaign performance” is scheduled. Each run lands in the Action Center.')).toBeVisible();
  await expect(drawer.getByText(/^Next run: .+ 9:00 AM \(UTC\)\.$/)).toBeVisible();
});
