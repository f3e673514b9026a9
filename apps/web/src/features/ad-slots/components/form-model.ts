import {
  adSlotFormSchema,
  AD_SLOT_SIDE_MAX,
  FLOOR_CPM_MAX_MINOR,
  NAME_UNSAFE_MESSAGE,
  STANDARD_AD_SIZES,
  type AdSlot,
  type AdSlotForm,
  type AdSlotFormat,
  type AdSlotPlatform,
  type AdSlotPosition,
  type PlacementPolicy,
} from '@ads/contracts';
import type { TFunction } from '../../../shared/i18n/translate';
import { toMajor, toMinor } from '../../../shared/money';

// The ad slot form as the publisher fills it, and the contract's form (adSlotFormSchema) it becomes:
// a size is chosen from the standard ones or typed, the floor is typed in major units.

export const CUSTOM_SIZE = 'custom';

export interface SlotFormValues {
  platform: AdSlotPlatform;
  propertyName: string;
  propertyId: string;
  name: string;
  code: string;
  position?: AdSlotPosition;
  format: AdSlotFormat;
  /** One of STANDARD_AD_SIZES ("300x250"), or CUSTOM_SIZE with width and height typed. */
  size?: string;
  width?: number | null;
  height?: number | null;
  /** In major units of the currency (2.5 for $2.50). */
  floorCpm?: number | null;
  placementPolicy: PlacementPolicy;
}

/** A new slot: a website, a banner, each ad reviewed by hand until the publisher chooses otherwise. */
export const blankValues = (): SlotFormValues => ({
  platform: 'site',
  propertyName: '',
  propertyId: '',
  name: '',
  code: '',
  position: undefined,
  format: 'banner',
  size: undefined,
  width: null,
  height: null,
  floorCpm: null,
  placementPolicy: 'manual',
});

const isStandard = (size: string) => (STANDARD_AD_SIZES as readonly string[]).includes(size);

/** A stored slot in the form. */
export function valuesOf(slot: AdSlot, digits: number): SlotFormValues {
  const size = `${slot.width}x${slot.height}`;
  return {
    platform: slot.platform,
    propertyName: slot.propertyName,
    propertyId: slot.propertyId,
    name: slot.name,
    code: slot.code,
    position: slot.position,
    format: slot.format,
    size: isStandard(size) ? size : CUSTOM_SIZE,
    width: slot.width,
    height: slot.height,
    floorCpm: toMajor(slot.floorCpmMinor, digits),
    placementPolicy: slot.placementPolicy,
  };
}

/** The width and height the form stands for (a standard size's, or the typed ones). */
export function sidesOf(values: Pick<SlotFormValues, 'size' | 'width' | 'height'>): { width: number | null; height: number | null } {
  if (values.size && values.size !== CUSTOM_SIZE) {
    const [width, height] = values.size.split('x').map(Number);
    return { width: width ?? null, height: height ?? null };
  }
  return { width: values.width ?? null, height: values.height ?? null };
}

/** The contract's form, as Save sends it (its own rules then trim and lower-case it). */
export function formOf(values: SlotFormValues, digits: number): AdSlotForm {
  const { width, height } = sidesOf(values);
  return {
    platform: values.platform,
    propertyName: values.propertyName,
    propertyId: values.propertyId,
    name: values.name,
    code: values.code,
    position: values.position as AdSlotPosition,
    format: values.format,
    width: width as number,
    height: height as number,
    floorCpmMinor: toMinor(values.floorCpm ?? 0, digits),
    placementPolicy: values.placementPolicy,
  };
}

/** The form's own field for a path of the server's `fields`; undefined for what it has no field for. */
export function fieldOfPath(path: string, values: Pick<SlotFormValues, 'size'>): keyof SlotFormValues | undefined {
  const key = path.split('.')[0];
  if (key === 'floorCpmMinor') return 'floorCpm';
  if (key === 'width' || key === 'height') return values.size === CUSTOM_SIZE ? key : 'size';
  const own: readonly string[] = ['platform', 'propertyName', 'propertyId', 'name', 'code', 'position', 'format', 'placementPolicy'];
  return key && own.includes(key) ? (key as keyof SlotFormValues) : undefined;
}

/** A suggested code from the slot's name ("Home top banner" → "home-top-banner"), or '' when none fits. */
export function codeFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64)
    .replace(/-+$/, '');
}

// ---- Messages -----------------------------------------------------------------------------------

// The contracts speak English; the form shows their field messages in the user's language. Each
// sentence the slot's schema (and the schema kit under it) can produce maps to a key of
// `inventory.slotForm.problems`; one not listed (a newer server) is shown as written.

type Rule = readonly [RegExp, string, (match: RegExpMatchArray) => Record<string, string>];
const exact = (sentence: string, key: string): Rule => [new RegExp(`^${sentence.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), key, () => ({})];

const RULES: readonly Rule[] = [
  exact('Please name the site or app.', 'propertyNameMissing'),
  exact('Please name the ad slot.', 'nameMissing'),
  exact('Please enter a domain like news.example.com, or a bundle id like com.example.news.', 'propertyIdInvalid'),
  exact('At least 2 characters.', 'codeTooShort'),
  exact('Use lower-case letters, digits, "-" and "_", starting with a letter or digit.', 'codeInvalid'),
  exact('Another of your ad slots has this code.', 'codeTaken'),
  exact('A video slot is at least 200 pixels wide.', 'videoTooNarrow'),
  exact(NAME_UNSAFE_MESSAGE, 'nameUnsafe'),
  exact('Please enter a whole number.', 'wholeNumber'),
  [/^(?:Please use at most|At most) (\d+) characters\.$/, 'tooLong', (m) => ({ max: m[1]! })],
  [/^Please enter a number no larger than (\d+)\.$/, 'numberTooLarge', (m) => ({ max: m[1]! })],
  [/^Please enter a number no smaller than (\d+)\.$/, 'numberTooSmall', (m) => ({ min: m[1]! })],
];

/** A contract's field message in the user's language; the domain rule names what the platform asks for. */
export function problemText(t: TFunction, message: string, platform: AdSlotPlatform = 'site'): string {
  for (const [pattern, key, values] of RULES) {
    const match = message.match(pattern);
    if (!match) continue;
    const problem = key === 'propertyIdInvalid' ? `propertyIdInvalid.${platform}` : key;
    return t(`inventory.slotForm.problems.${problem}`, values(match));
  }
  return message;
}

/**
 * What the form refuses in one field before anything is sent, in the user's language: the
 * contract's own rule for the field, with the form's wording for what is missing.
 */
export function fieldProblem(
  t: TFunction,
  field: keyof SlotFormValues,
  values: SlotFormValues,
  { digits, money }: { digits: number; money: (minor: number) => string },
): string | undefined {
  const problem = (key: string, options?: Record<string, unknown>) => t(`inventory.slotForm.problems.${key}`, options);
  const shape = adSlotFormSchema.shape;
  const check = (schema: { safeParse: (value: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : problemText(t, result.error?.issues[0]?.message ?? '', values.platform);
  };
  switch (field) {
    case 'propertyName':
    case 'name':
      return check(shape[field], values[field] ?? '');
    case 'propertyId':
      return values.propertyId?.trim() ? check(shape.propertyId, values.propertyId) : problem(`propertyIdMissing.${values.platform}`);
    case 'code':
      return values.code?.trim() ? check(shape.code, values.code) : problem('codeMissing');
    case 'position':
      return values.position ? undefined : problem('positionMissing');
    case 'size': {
      if (!values.size) return problem('sizeMissing');
      const { width } = sidesOf(values);
      return values.size !== CUSTOM_SIZE && values.format === 'video' && width !== null && width < 200 ? problem('videoTooNarrow') : undefined;
    }
    case 'width':
    case 'height': {
      const value = values[field];
      if (value === null || value === undefined) return problem(`${field}Missing`);
      if (field === 'width' && values.format === 'video' && value < 200) return problem('videoTooNarrow');
      return check(shape[field], value) && problem('side', { max: AD_SLOT_SIDE_MAX });
    }
    case 'floorCpm': {
      const value = values.floorCpm;
      if (value === null || value === undefined) return problem('floorMissing');
      const minor = toMinor(value, digits);
      return minor < 0 || minor > FLOOR_CPM_MAX_MINOR ? problem('floorRange', { max: money(FLOOR_CPM_MAX_MINOR) }) : undefined;
    }
    default:
      return undefined;
  }
}
