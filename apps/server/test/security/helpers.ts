import { generate } from 'otplib';
import type {
  FundpassResetMail,
  PasswordGuessingMail,
  SecurityMailer,
} from '../../src/accounts/fundpass-reset';
import type { Server } from '../../src/server';

/** Keeps every mail the server would send, for the test to read the code from. */
export class CapturedMail implements SecurityMailer {
  readonly sent: FundpassResetMail[] = [];
  readonly guessing: PasswordGuessingMail[] = [];
  async fundpassResetCode(mail: FundpassResetMail): Promise<void> {
    this.sent.push(mail);
  }
  async passwordGuessing(mail: PasswordGuessingMail): Promise<void> {
    this.guessing.push(mail);
  }
  last(): FundpassResetMail | undefined {
    return this.sent.at(-1);
  }
}

/**
 * The wall time the server checks TOTP codes at (deps.userTotpClock), driven by the test: `step()`
 * moves it to the next 30-second step, and `code()` is what an authenticator app shows then.
 */
export class TotpWall {
  private ms = Date.UTC(2026, 10, 23, 9, 0, 5);
  constructor(server: Server) {
    server.deps.userTotpClock = { now: () => new Date(this.ms) };
  }
  step(): void {
    this.ms += 30_000;
  }
  code(secret: string): Promise<string> {
    return generate({ secret, epoch: Math.floor(this.ms / 1000) });
  }
}
