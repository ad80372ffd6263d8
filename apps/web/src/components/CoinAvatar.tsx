import { Avatar } from '@mantine/core';

const PALETTE = ['blue', 'teal', 'orange', 'grape', 'indigo', 'cyan', 'pink', 'lime'];

/** A coin's mark: its initials on a stable colour (coin logos are the exchange's assets, not ours). */
export function CoinAvatar({ coin, size = 32 }: { coin: string; size?: number }) {
  let h = 0;
  for (const ch of coin) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <Avatar size={size} radius="xl" color={PALETTE[h % PALETTE.length]} variant="light" aria-hidden="true">
      {coin.slice(0, 3)}
    </Avatar>
  );
}
