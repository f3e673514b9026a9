import type { Power } from '@ads/contracts';
import { useSession } from './session';

/** Whether the signed-in user holds `power` (menus and buttons; the server decides again). */
export function useHasPower(power: Power): boolean {
  return useSession()?.userInfo.powers.some((held) => held.code === power) ?? false;
}
