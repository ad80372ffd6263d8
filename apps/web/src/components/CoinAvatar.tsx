import { Avatar } from '@mantine/core';

const PALETTE = ['blue', 'teal', 'orange', 'grape', 'indigo', 'cyan', 'pink', 'lime'];

/**
 * What the mark shows: the whole ticker up to four letters (never "USD" for USDT, another coin's
 * name), else its first letter, which cannot be mistaken for a different ticker.
 */
export function coinMark(coin: string): string {
  return coin.length <= 4 ? coin : coin.slice(0, 1);
}

/** A coin's mark: its ticker on a stable colour (coin logos are the exchange's assets, not ours). */
export function CoinAvatar({ coin, size = 32 }: { coin: string; size?: number }) {
  let h = 0;
  for (const ch of coin) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const mark = coinMark(coin);
  // Small enough for the mark to fit the circle: about 0.65 em a capital, in 80 % of the width.
  const fontSize = Math.min(size * 0.4, (size * 0.8) / (mark.length * 0.65));
  return (
    <Avatar
      size={size}
      radius="xl"
      color={PALETTE[h % PALETTE.length]}
      variant="light"
      aria-hidden="true"
      styles={{ placeholder: { fontSize, letterSpacing: mark.length > 3 ? '-0.03em' : undefined } }}
    >
      {mark}
    </Avatar>
  );
}
