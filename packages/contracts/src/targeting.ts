// A campaign's targeting values, zod-free: reports break down and filter by them too, on pages that
// load without the contract modules' schemas.

export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export type Device = (typeof DEVICES)[number];
/** Regions a campaign may target (ISO 3166-1 alpha-2); none chosen means every region. */
export const REGIONS = ['US', 'CA', 'GB', 'DE', 'FR', 'ES', 'IT', 'NL', 'SE', 'JP', 'KR', 'CN', 'SG', 'IN', 'AU', 'BR', 'MX'] as const;
export type Region = (typeof REGIONS)[number];
