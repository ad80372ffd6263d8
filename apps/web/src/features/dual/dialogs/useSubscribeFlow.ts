import { DualKey, dec } from '@earn/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../api/client';
import { handleApiError } from '../../../api/errors';
import { queries } from '../../../api/queries';
import { requireLogin } from '../../../api/session';
import { useMe } from '../../../app/auth';
import { useMoneySubmit } from '../../../components/money-submit/useMoneySubmit';
import { useOnline } from '../../../components/OfflineNotice';
import { type DualOrder, type DualProduct, useDualSubscribe } from '../api/index';
import { amountProblem, maxAmount, type NewQuote, newQuoteOf, outcomesOf, type Problem } from '../rules';

const BALANCE_KEY = 'finances.inadequateBalance';

/** The quote the dialog offers: the product's as last read, or the newer one a refusal answered. */
function quoteIn(product: DualProduct, refused: NewQuote | null) {
  if (refused && refused.quote_time >= product.quote_time) return refused;
  return {
    apr: product.apr,
    quote_id: product.quote_id,
    quote_time: product.quote_time,
    quote_expire_time: product.quote_expire_time,
  };
}

/**
 * The subscribe dialog's state: the amount, the quote in force (the product's, or the new one a
 * moved or expired quote was refused with), both outcomes from the quote's time (the server counts
 * the interest from there, so the figures shown are the ones paid), the checks the server makes, and
 * the one money submit (a double click is one order with one Idempotency-Key).
 */
export function useSubscribeFlow(product: DualProduct) {
  const { isLoggedIn } = useMe();
  const online = useOnline();
  const client = useQueryClient();
  const [amount, setAmount] = useState<string | null>(null);
  const [autoRoll, setAutoRoll] = useState(false);
  const [refused, setRefused] = useState<NewQuote | null>(null);
  const [wasApr, setWasApr] = useState<string | null>(null);
  const [serverProblem, setServerProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState<DualOrder | null>(null);
  const balances = useQuery({ ...queries.balances(), enabled: isLoggedIn });
  const available = isLoggedIn
    ? (balances.data?.list.find((b) => b.asset === product.invest_coin)?.available ??
      (balances.data ? '0' : undefined))
    : undefined;
  const quote = quoteIn(product, refused);
  const outcomes = amount ? outcomesOf(product, amount, quote.apr, quote.quote_time) : null;
  const problem = amount ? amountProblem(product, amount, available) : null;
  const submitter = useMoneySubmit();
  const action = useDualSubscribe();
  const canSubmit = !!amount && !problem && online && dec(quote.apr).gt(0);

  // The shown quote was replaced while the dialog is open: the refusal's notice is no longer current.
  const current = quote.quote_id;
  useEffect(() => {
    if (refused && current !== refused.quote_id) setWasApr(null);
  }, [current, refused]);

  const submit = async () => {
    if (!isLoggedIn) return requireLogin();
    if (!canSubmit || !amount) return;
    const body = { product_id: product.id, amount, quote_id: quote.quote_id, auto_compound: autoRoll };
    setServerProblem(null);
    try {
      const sent = await submitter.run(body, (idempotencyKey) => action.run(body, { idempotencyKey }));
      if (!sent) return;
      setDone(sent.value);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['dual'] }),
        client.invalidateQueries({ queryKey: queries.balances().queryKey }),
      ]);
    } catch (e) {
      const fresh = newQuoteOf(e);
      if (fresh) {
        // Nothing was booked: the new APR is shown with its outcomes, and the user confirms again.
        setWasApr(quote.apr);
        setRefused(fresh);
        return;
      }
      // The market crossed the target: the product is gone from the grid, nothing was booked.
      if (isApiError(e) && e.key === DualKey.targetCrossed)
        void client.invalidateQueries({ queryKey: ['dual'] });
      if (
        isApiError(e) &&
        e.kind === 'api' &&
        e.key &&
        (e.key.startsWith('dual.') || e.key === BALANCE_KEY)
      ) {
        const params = Object.fromEntries(Object.entries(e.params).map(([k, v]) => [k, String(v)]));
        setServerProblem({ key: e.key === BALANCE_KEY ? 'dual.subscribe.inadequateBalance' : e.key, params });
        return;
      }
      handleApiError(e, { action: 'dual.subscribe' });
    }
  };

  return {
    amount,
    setAmount: (a: string | null) => {
      setAmount(a);
      setServerProblem(null);
    },
    autoRoll,
    setAutoRoll,
    quote,
    /** The APR the user was shown before a refusal, when the refusal moved it. */
    wasApr,
    refused,
    outcomes,
    problem: problem ?? serverProblem,
    available,
    max: maxAmount(product, available),
    online,
    isLoggedIn,
    canSubmit,
    pending: submitter.pending,
    submitter,
    submit,
    done,
  };
}

export type SubscribeFlow = ReturnType<typeof useSubscribeFlow>;
