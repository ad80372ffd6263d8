import { ApiCode, ApiError, isApiError, needsFundpass, type RequestOptions, request } from './client';
import { toast } from './errors';
import { promptFundpass } from './fundpass';

/** How often one action may ask for the funding password before giving up. */
const MAX_FUNDPASS_PROMPTS = 5;

/**
 * A request that can recover: when the server asks for the funding password (101, 10010111 or
 * `require_fundpass`) the prompt opens and the same request, with the same Idempotency-Key, is sent
 * again with the password in `X-Fund-Password`. If a password was already given and the server says
 * something, that message is shown first as a warning. Cancelling the prompt ends the action quietly.
 */
export async function send<T>(opts: RequestOptions): Promise<T> {
  let fundpass = opts.fundpass;
  for (let prompts = 0; ; prompts++) {
    try {
      return await request<T>({ ...opts, fundpass });
    } catch (e) {
      if (!isApiError(e) || !needsFundpass(e) || prompts >= MAX_FUNDPASS_PROMPTS) throw e;
      if (fundpass && e.message) toast('warning', e.message);
      const entered = await promptFundpass();
      if (!entered)
        throw new ApiError('cancelled', 'Funding password not entered', ApiCode.FAILURE, 0, {}, opts.path);
      fundpass = entered;
    }
  }
}
