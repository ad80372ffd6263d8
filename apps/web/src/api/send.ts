import { reportAnswered } from './attempts';
import { ApiCode, ApiError, isApiError, needsFundpass, type RequestOptions, request } from './client';
import { toast } from './errors';
import {
  type FundpassPromptState,
  fundpassSettled,
  moneyMoveOf,
  promptFundpass,
  promptFundpassSetup,
} from './fundpass';

/**
 * How often one action may ask for the funding password before giving up: the first ask, the
 * server's five tries and the lock that follows all fit, so the lock is shown in the prompt.
 */
const MAX_FUNDPASS_PROMPTS = 8;

/**
 * What the prompt shows about the password the user just entered: wrong (with the tries left) or
 * locked (with when it ends). Other answers are not the prompt's to show.
 */
function answerToPassword(e: ApiError): FundpassPromptState | null {
  const until = typeof e.params.until === 'string' ? e.params.until : undefined;
  if (e.code === ApiCode.FUNDPASS_WRONG) {
    const left = Number(e.params.left);
    return { kind: 'wrong', left: Number.isFinite(left) ? left : 0, ...(until ? { until } : {}) };
  }
  if (e.code === ApiCode.VERIFY_FREQUENCY) return { kind: 'locked', ...(until ? { until } : {}) };
  return null;
}

/**
 * A request that can recover: when the server asks for the funding password (101, 10010111 or
 * `require_fundpass`) the prompt opens and the same request, with the same Idempotency-Key, is sent
 * again with the password in `X-Fund-Password`. A wrong password (10010106) or a lock (10010112)
 * keeps the prompt open with the answer inline, so no toast hides the tries left. If a password was
 * given and the server asks again, its message is shown first as a warning. Cancelling the prompt
 * ends the action quietly. A user with no funding password who must set one first (10010107, the
 * first money move) gets the set-password dialog, once per action; once set, the request goes again.
 */
export async function send<T>(opts: RequestOptions): Promise<T> {
  let fundpass = opts.fundpass;
  let prompted = false;
  let setUp = false;
  try {
    for (let prompts = 0; ; prompts++) {
      try {
        return await request<T>({ ...opts, fundpass });
      } catch (e) {
        if (!isApiError(e) || prompts >= MAX_FUNDPASS_PROMPTS) throw e;
        if (e.code === ApiCode.FUNDPASS_NOT_SET && !setUp) {
          reportAnswered(opts.idempotencyKey);
          const asked = promptFundpassSetup(moneyMoveOf(opts.path));
          if (!asked) throw e;
          if (!(await asked))
            throw new ApiError('cancelled', 'Funding password not set', ApiCode.FAILURE, 0, {}, opts.path);
          setUp = true;
          continue;
        }
        const inline = prompted ? answerToPassword(e) : null;
        if (!inline && !needsFundpass(e)) throw e;
        if (!inline && fundpass && e.message) toast('warning', e.message);
        reportAnswered(opts.idempotencyKey);
        const entered = await promptFundpass(inline ?? { kind: 'ask' });
        if (!entered)
          throw new ApiError('cancelled', 'Funding password not entered', ApiCode.FAILURE, 0, {}, opts.path);
        fundpass = entered;
        prompted = true;
      }
    }
  } finally {
    if (prompted) fundpassSettled();
  }
}
