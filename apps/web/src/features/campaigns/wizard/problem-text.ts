import type { TFunction } from '../../../shared/i18n/translate';

// The contracts speak English; the wizard shows their field messages in the user's language. Each
// message the campaign schemas (and the schema kit under them) can produce maps to a key of
// `campaigns.wizard.problems`, its numbers and words kept as values. A sentence not listed (a newer
// server) is shown as written.

type Rule = readonly [RegExp, string, (match: RegExpMatchArray) => Record<string, string>];

const noValues = () => ({});
const exact = (sentence: string, key: string): Rule => [new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key, noValues];

const MONEY_WHAT: Record<string, string> = { 'daily budget': 'dailyBudget', 'total budget': 'totalBudget' };
const money = (pattern: RegExp, key: string): Rule => [pattern, key, (m) => ({ whatKey: MONEY_WHAT[m[1]!] ?? 'budget' })];

const RULES: readonly Rule[] = [
  money(/^Please enter the (daily budget|total budget)\.$/, 'moneyMissing'),
  money(/^The (daily budget|total budget) must be a whole number of cents\.$/, 'moneyWhole'),
  money(/^The (daily budget|total budget) must be more than 0\.$/, 'moneyPositive'),
  money(/^The (daily budget|total budget) is larger than the platform allows\.$/, 'moneyTooLarge'),
  [/^Please use at most (\d+) characters\.$/, 'tooLong', (m) => ({ max: m[1]! })],
  [/^Please enter a number no larger than (\d+)\.$/, 'numberTooLarge', (m) => ({ max: m[1]! })],
  [/^Please enter a number no smaller than (\d+)\.$/, 'numberTooSmall', (m) => ({ min: m[1]! })],
  [/^A (CPM|CPC) bid must be between (\d+) and (\d+) cents\.$/, 'bidRange', (m) => ({ strategy: m[1]!, min: m[2]!, max: m[3]! })],
  [/^An ad group holds at most (\d+) ads\.$/, 'tooManyAds', (m) => ({ max: m[1]! })],
  // The submit schema's list limits carry zod's own sentence.
  [/^Too big: expected array to have <=(\d+) items$/, 'tooMany', (m) => ({ max: m[1]! })],
  [/^A campaign holds at most (\d+) ad groups\.$/, 'tooManyAdGroups', (m) => ({ max: m[1]! })],
  exact('Please enter a valid date and time.', 'dateInvalid'),
  exact('Please enter the landing page URL.', 'urlMissing'),
  exact('The landing page must be an https:// address, e.g. https://www.example.com/offer.', 'urlHttps'),
  exact('The end hour must be after the start hour.', 'hoursOrder'),
  exact('The text contains characters that cannot be used here.', 'textUnsafe'),
  exact('The text contains characters that cannot be stored (such as NUL).', 'textUnsafe'),
  exact('Names cannot contain line breaks, control characters, invisible characters or text-direction marks.', 'nameUnsafe'),
  exact('Please choose the ad format.', 'formatMissing'),
  exact('Please choose an image.', 'imageMissing'),
  exact('Please choose a video.', 'videoMissing'),
  exact('Please enter a headline.', 'headlineMissing'),
  exact('Please enter a description.', 'descriptionMissing'),
  exact('Please name the ad group.', 'adGroupNameMissing'),
  exact('Each ad group needs at least one ad.', 'adsMissing'),
  exact('Please choose at least one ad slot, or target every eligible slot.', 'slotsMissing'),
  // The server's own: a chosen slot went offline or was disapproved since it was picked.
  exact('This ad slot is not available.', 'slotUnavailable'),
  exact('Please name the campaign.', 'nameMissing'),
  exact('Please choose an objective.', 'objectiveMissing'),
  exact('Please choose the start date.', 'startMissing'),
  exact('Please choose how you bid.', 'bidStrategyMissing'),
  exact('Please enter your maximum bid.', 'maxBidMissing'),
  exact('Please enter a whole number of cents.', 'wholeCents'),
  exact('Please enter a whole number.', 'wholeNumber'),
  exact('This is not a valid id.', 'invalidId'),
  exact('This is not a valid version: reload and try again.', 'invalidVersion'),
  exact('A campaign needs at least one ad group.', 'adGroupsMissing'),
  exact('The daily budget cannot be more than the total budget.', 'dailyOverTotal'),
  exact('The end date must be after the start date.', 'endBeforeStart'),
  // A live campaign's (the server's own rules).
  exact('The end date has passed. Please choose a later one.', 'endPassed'),
  exact('A campaign that has started keeps its start date.', 'startLocked'),
  [/^The total budget cannot be less than what the campaign has already spent \((\d+) cents\)\.$/, 'totalBelowSpent', (m) => ({ spent: m[1]! })],
];

/** The key and values of a contract's sentence, or null when it is not one the wizard knows. */
export function problemKey(message: string): { key: string; values: Record<string, string> } | null {
  for (const [pattern, key, values] of RULES) {
    const match = message.match(pattern);
    if (match) return { key: `campaigns.wizard.problems.${key}`, values: values(match) };
  }
  return null;
}

/** A field message in the user's language (the wizard's own messages are already keys). */
export function problemText(t: TFunction, message: string, money?: (minor: number) => string): string {
  if (message.startsWith('campaigns.wizard.')) return t(message);
  const known = problemKey(message);
  if (!known) return message;
  const { whatKey, ...values } = known.values;
  // Bids are typed in major units: their limits read in the account's currency.
  if (known.key.endsWith('.bidRange') && money) {
    values.min = money(Number(values.min));
    values.max = money(Number(values.max));
  }
  if (known.key.endsWith('.totalBelowSpent') && money) values.spent = money(Number(values.spent));
  return t(known.key, { ...values, ...(whatKey ? { what: t(`campaigns.wizard.problems.what.${whatKey}`) } : {}) });
}
