import { dec } from '@earn/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatAmount, formatPercent } from '../../components/format';
import { lpQueries } from './api/index';

/** A yearly rate in percent ('45.5') as the cards show it: two decimals, '--' when the pool has none. */
export function formatRate(rate: string, rateType?: number): string {
  if (rateType === 3) return '--';
  return formatPercent(dec(rate).toFixed());
}

/** An amount in a coin, cut to the coin's precision (8 by default). */
export function formatCoin(amount: string, coin: string, places = 8): string {
  return `${formatAmount(amount, places)} ${coin}`;
}

export interface CountdownParts {
  d: number;
  h: string;
  m: string;
  s: string;
}

export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    d: Math.floor(total / 86_400),
    h: pad(Math.floor((total % 86_400) / 3600)),
    m: pad(Math.floor((total % 3600) / 60)),
    s: pad(total % 60),
  };
}

/** "Now" on the server's clock, ticking every second (the test clock can be days ahead of the browser). */
export function useServerNow(): number {
  const time = useQuery(lpQueries.serverTime());
  const offset = time.data?.offsetMs ?? 0;
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return tick + offset;
}
