import { generate } from 'otplib';
import type { FundpassResetMail, SecurityMailer } from '../../src/accounts/fundpass-reset';
import type { Operator } from '../harness';

/** Keeps every mail the server would send, for the test to read the code from. */
export class CapturedMail implements SecurityMailer {
  readonly sent: FundpassResetMail[] = [];
  async fundpassResetCode(mail: FundpassResetMail): Promise<void> {
    this.sent.push(mail);
  }
  last(): FundpassResetMail | undefined {
    return this.sent.at(-1);
  }
}

/** The code an authenticator app shows for this secret at the server's clock. */
export async function totpAt(op: Operator, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: (await op.now()) + offsetSeconds });
}
