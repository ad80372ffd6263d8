import type { DocCatalogue } from './types';

const catalogue: DocCatalogue = {
  back: 'Back to Earn',
  checkProof: 'Check your balances in the proof of liabilities',
  docs: {
    'staking-agreement': {
      title: 'Staking User Agreement',
      summary: 'What happens to coins you stake through Earn, and what you agree to when you tick the box.',
      sections: [
        {
          heading: '1. What staking is',
          body: [
            'When you stake a coin, Earn moves it from your spot account into the staking pool of the product you chose. The pool delegates it to the protocol named on the product; the protocol pays rewards and Earn passes them on to you.',
            'The APR shown is the rate the product pays today. It is an estimate, not a promise: the protocol may pay more or less, and the product may change its rate.',
          ],
        },
        {
          heading: '2. Rewards',
          body: [
            '• Rewards accrue once a day, from 00:00 UTC of the first distribution day shown in the stake dialog.',
            '• A product whose reward delay is 0 pays the rewards when you redeem.',
            '• Rewards are paid in the reward coin shown on the product; VIP tiers may add an extra rate where the product says so.',
          ],
        },
        {
          heading: '3. Redeeming',
          body: [
            'You can redeem at any time. A standard redemption arrives after the waiting period shown on the product; a quick redemption, where offered, arrives after a few minutes and costs the quick fee, within a daily quota shared by all users.',
            'The fee is the amount times the fee rate, rounded down to 8 decimals; you receive the amount minus the fee. No reward accrues during the waiting period.',
          ],
        },
        {
          heading: '4. Your commitments',
          body: [
            '• The coins you stake are yours and not the proceeds of any unlawful activity.',
            '• You understand that protocol faults, slashing or a change of the protocol’s rules can reduce rewards or, in rare cases, the principal.',
            '• You confirm each stake and redemption with your funding password when Earn asks for it.',
          ],
        },
        {
          heading: '5. Changes',
          body: [
            'Earn may change this agreement. A change applies to stakes made after it is published; the version you accepted stays with the stakes you made under it.',
          ],
        },
      ],
    },
    terms: {
      title: 'Simple Earn Terms of Use',
      summary: 'The rules for lending coins through Simple Earn, flexible and fixed.',
      sections: [
        {
          heading: '1. Subscribing',
          body: [
            'A subscription lends the amount you enter from your available balance. Each product sets a minimum amount, a maximum per user and a total quota; a sold-out product takes no new subscriptions.',
            'Amounts are sent with at most 6 decimals, rounded down. Vouchers that raise the APR apply only to the amount range and the days they state.',
          ],
        },
        {
          heading: '2. Flexible products',
          body: [
            '• Interest accrues every hour at the rate of that hour and is paid to your spot account.',
            '• You can redeem any part at any time, at least 0.000001 of the coin; the coins return at once.',
            '• Auto-earn, when on, subscribes your idle spot balance of that coin to the flexible product.',
          ],
        },
        {
          heading: '3. Fixed products',
          body: [
            '• A fixed order is locked for the number of days of its term and pays its interest at maturity.',
            '• Early redemption, where the product allows it, returns the principal at once and forfeits the interest, the voucher’s extra yield and any bonus of that order.',
            '• Early redemption and changes to an order close one hour before maturity.',
            '• With auto-reinvest on, principal and interest are subscribed again to the same term at maturity.',
          ],
        },
        {
          heading: '4. VIP and special products',
          body: [
            'VIP products are open only to the VIP tiers they state; special products ask the server whether you are eligible before you subscribe.',
          ],
        },
        {
          heading: '5. Suspension',
          body: [
            'Earn may suspend subscriptions to a product, for example when its quota is reached or a market is disrupted. Orders already placed keep their terms.',
          ],
        },
      ],
    },
    risk: {
      title: 'Risk Disclosure',
      summary: 'Read this before you lend, stake or buy a wealth product.',
      sections: [
        {
          heading: 'Price risk',
          body: [
            'Interest and rewards are paid in coins. Their value in your own currency rises and falls with the market; an APR says nothing about the price of the coin.',
          ],
        },
        {
          heading: 'Rates change',
          body: [
            'Flexible and staking rates change over time. Past APR does not guarantee future returns; the estimates Earn shows assume today’s rate for the whole period.',
          ],
        },
        {
          heading: 'Liquidity',
          body: [
            '• Fixed orders are locked until maturity unless early redemption is allowed, and then interest is forfeited.',
            '• Staking redemptions arrive after a waiting period; quick redemptions have a daily quota.',
            '• Wealth products redeem on the dates and terms of each product.',
          ],
        },
        {
          heading: 'Protocol and counterparty risk',
          body: [
            'Staking depends on third-party protocols. A fault, an attack or slashing on a protocol can reduce rewards or principal. Lending depends on borrowers repaying; Earn manages this risk but cannot remove it.',
          ],
        },
        {
          heading: 'Not advice',
          body: [
            'Nothing on Earn is investment advice. Decide only with money you can afford to leave invested for the whole term.',
          ],
        },
      ],
    },
    help: {
      title: 'Simple Earn Help',
      summary: 'Answers to what users ask most about Simple Earn.',
      sections: [
        {
          heading: 'How do I start?',
          body: [
            'Sign in, pick a coin on Simple Earn, choose Flexible or a fixed term, enter an amount and confirm with your funding password. Your order appears under My lendings.',
          ],
        },
        {
          heading: 'When is interest paid?',
          body: [
            'Flexible interest is paid every hour to your spot account. Fixed interest is paid at maturity together with the principal, unless auto-reinvest subscribes them again.',
          ],
        },
        {
          heading: 'Why is Confirm greyed out?',
          body: [
            'The amount is below the product’s minimum, above your limit or balance, the product is sold out, or you have not ticked the terms. The reason is shown under the amount.',
          ],
        },
        {
          heading: 'Where do I see what I earned?',
          body: [
            'My lendings lists every holding with its interest so far; History lists every subscription, redemption and interest payment with its date and time.',
          ],
        },
        {
          heading: 'Times',
          body: [
            'Every time in Earn is shown with its time zone and follows the server’s clock, not your device’s.',
          ],
        },
      ],
    },
    guide: {
      title: 'Investment guide: lending and earning',
      summary: 'A short course on choosing between flexible, fixed, staking and wealth products.',
      sections: [
        {
          heading: '1. Flexible or fixed?',
          body: [
            'Flexible keeps your coins available: you can redeem any time, and the rate moves every hour. Fixed pays a known rate for a set term, in exchange for locking the coins.',
            'A common approach: keep what you may need soon in flexible, and put what you will not touch for the term in fixed.',
          ],
        },
        {
          heading: '2. Reading an APR',
          body: [
            'APR is a yearly rate. Interest for a period is amount × APR ÷ 365 × days. Some products pay a higher rate only on the first part of the amount (“up to … on the first …”); the subscribe dialog shows the blended rate of the amount you type.',
          ],
        },
        {
          heading: '3. Staking and launch pools',
          body: [
            'Staking earns protocol rewards in exchange for a waiting period when you redeem. Launch pools pay a new project’s tokens for coins staked during the project’s window; the rate depends on how much everyone stakes.',
          ],
        },
        {
          heading: '4. Spread your risk',
          body: [
            '• Do not lend more than you can leave for the term.',
            '• Prefer coins you would hold anyway: interest does not protect you from price moves.',
            '• Read the Risk Disclosure before you subscribe.',
          ],
        },
      ],
    },
    reserves: {
      title: 'Proof of reserves',
      summary: 'How you can check that what Earn owes you is counted, and what the proof covers.',
      sections: [
        {
          heading: 'What is proved',
          body: [
            'Every coin you hold in Earn is a liability of the exchange to you. Every day at 00:00 UTC Earn takes a snapshot of what it owes each user and publishes one fingerprint of it, the root of a Merkle tree, with the total owed per coin.',
          ],
        },
        {
          heading: 'How you check your part',
          body: [
            'Your balances are one leaf of that tree. On the proof of liabilities page your browser recomputes the path from your leaf to the published root, so you can see for yourself that your balances are included and not understated.',
          ],
        },
        {
          heading: 'What it does not show',
          body: [
            '• It is a snapshot: balances after the snapshot appear in the next one.',
            '• It shows only your own leaf, never another user’s balances.',
            '• The published totals are what is owed; the reserves that back them are the exchange’s wallets, attested separately.',
          ],
        },
      ],
    },
    vip: {
      title: 'VIP tiers',
      summary: 'What a VIP tier gives you in Earn and how to reach the next one.',
      sections: [
        {
          heading: 'Benefits',
          body: [
            '• VIP-only fixed products with higher rates, each open to the tier range it states.',
            '• Discounts on staking redemption fees and extra staking rates where a product lists them.',
            '• Larger personal quotas in launch pools that have a VIP quota.',
          ],
        },
        {
          heading: 'How to reach a tier',
          body: [
            'Each tier N asks for either N × 1,000 GT held across your spot, flexible and fixed accounts, or N × 1,000,000 USDT of trading volume in the last 60 days. When you open a VIP product above your tier, Earn shows the cheaper way to reach it.',
          ],
        },
        {
          heading: 'When your tier changes',
          body: [
            'Orders you already placed keep their terms. A lower tier only closes new subscriptions to products above it.',
          ],
        },
      ],
    },
  },
};

export default catalogue;
