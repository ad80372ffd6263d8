import type { Me } from '../../../api/queries';
import type { SignInEvent, TotpStatus, UserSession } from '../api/index';

export const ME: Me = {
  id: 7,
  email: 'ada@example.com',
  vip_tier: 0,
  account_mode: 'classic',
  fundpass_set: true,
  fundpass_mode: 'every_2h',
  created_at: 1_795_000_000,
};

export const TOTP_OFF: TotpStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0 };

export const SESSIONS: UserSession[] = [
  {
    id: 'thisSession1',
    device: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
    address: '10.0.0.1',
    created_at: 1_795_400_000,
    last_used_at: 1_795_420_000,
    expires_at: 1_798_000_000,
    current: true,
  },
  {
    id: 'phoneSession',
    device: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1',
    address: '203.0.113.9',
    created_at: 1_795_300_000,
    last_used_at: 1_795_410_000,
    expires_at: 1_798_000_000,
    current: false,
  },
];

export const SIGN_INS: SignInEvent[] = [
  {
    id: 3,
    at: 1_795_420_000,
    outcome: 'ok',
    method: 'totp',
    address: '10.0.0.1',
    device: SESSIONS[0]?.device ?? null,
  },
  {
    id: 2,
    at: 1_795_410_000,
    outcome: 'totp_invalid',
    method: 'totp',
    address: '198.51.100.4',
    device: null,
  },
  {
    id: 1,
    at: 1_795_400_000,
    outcome: 'wrong_password',
    method: 'password',
    address: '198.51.100.4',
    device: null,
  },
];
