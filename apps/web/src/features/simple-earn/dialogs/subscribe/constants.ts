import type { FixedProduct } from '../../api/types';

/** Section 9: the subscribe button is debounced 500 ms. */
export const SUBSCRIBE_DEBOUNCE_MS = 500;
/** Desktop lets up to 8 decimals be typed; 6 are sent. */
export const INPUT_DECIMALS = 8;

/** What the success dialog shows: the amount sent, its term and the APR the server booked. */
export interface SubscribeSuccess {
  amount: string;
  product: FixedProduct;
  apr: string;
}
