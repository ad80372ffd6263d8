import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { knownDevices } from '../../infra/db/schema';
import { notify } from './create';

/** A short name for a user agent: "Chrome on Windows"; the raw string is not kept. */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'a browser';
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

/**
 * Records the device of a sign-in (a hash of its user agent). A device the user never signed in from,
 * when they have signed in from another before, is a `new_device` item — once per device, whichever
 * instance sees it first.
 */
export async function recordSignIn(
  db: Db,
  sign: { userId: number; userAgent: string; address: string; at: Date },
): Promise<void> {
  const deviceHash = createHash('sha256').update(sign.userAgent).digest('hex').slice(0, 32);
  await db.transaction(async (t) => {
    const tx: Db = t;
    const added = await tx
      .insert(knownDevices)
      .values({ userId: sign.userId, deviceHash, firstSeenAt: sign.at })
      .onConflictDoNothing()
      .returning({ hash: knownDevices.deviceHash });
    if (added.length === 0) return;
    const others = await tx.$count(
      knownDevices,
      and(eq(knownDevices.userId, sign.userId), ne(knownDevices.deviceHash, deviceHash)),
    );
    if (others === 0) return;
    await notify(tx, {
      userId: sign.userId,
      kind: 'new_device',
      cause: `device:${deviceHash}`,
      params: { device: deviceName(sign.userAgent), address: sign.address },
      at: sign.at,
    });
  });
}
