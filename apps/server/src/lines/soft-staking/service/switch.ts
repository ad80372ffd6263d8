import type { Db } from '../../../infra/db/client';
import type { SwitchRow } from '../model';
import { saveSwitch, switchForUpdate } from '../store';

/** Switches soft staking on or off for the user; switching to the state it is in changes nothing. */
export async function switchSoftStaking(db: Db, userId: number, on: boolean, now: Date): Promise<SwitchRow> {
  const row = await switchForUpdate(db, userId);
  if (row && row.enabled === on) return row;
  const values = on
    ? { enabled: true, enabledAt: now, updatedAt: now }
    : { enabled: false, disabledAt: now, updatedAt: now };
  return saveSwitch(db, userId, values);
}
