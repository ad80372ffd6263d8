import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from './queries';
import type { OperatorRole } from './types';

/**
 * What a role may write, as the server's guard decides it (apps/server/src/operator/guard.ts): the
 * catalogue (products, prices, projects, pools, funding, vouchers, dual orders, NAV) needs `operator`;
 * users' settings, deposits and withdrawals, the clock and operators need `admin`. The console hides
 * nothing it cannot explain: an action beyond the role shows disabled with the reason, and the
 * server refuses it anyway.
 */
export type WriteArea = 'catalogue' | 'admin';

const RANK: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 };
const NEEDED: Record<WriteArea, OperatorRole> = { catalogue: 'operator', admin: 'admin' };

export function roleAllows(role: OperatorRole, area: WriteArea): boolean {
  return RANK[role] >= RANK[NEEDED[area]];
}

export interface Access {
  allowed: boolean;
  /** Why not, in the operator's language; null when allowed. */
  reason: string | null;
}

/** Whether the signed-in operator may write in an area, and why not. */
export function useAccess(area: WriteArea): Access {
  const { t } = useTranslation();
  const { data: me } = useQuery(adminQueries.me());
  if (!me) return { allowed: false, reason: t('admin.access.signedOut') };
  if (roleAllows(me.role, area)) return { allowed: true, reason: null };
  return {
    allowed: false,
    reason: t('admin.access.needs', {
      role: t(`admin.role.${me.role}`),
      needed: t(`admin.role.${NEEDED[area]}`),
    }),
  };
}
