import { formatAmount } from '../../../../components/format';

export const coinsText = (list: { amount: string; coin: string }[]) =>
  list.map((x) => `${formatAmount(x.amount)} ${x.coin}`).join(' + ');
