import { describe, expect, it } from 'vitest';
import { Code, httpStatusFor } from './codes';

describe('httpStatusFor', () => {
  it('gives each spec code its status class', () => {
    expect(httpStatusFor(Code.OK)).toBe(200);
    expect(httpStatusFor(Code.LOGIN_REQUIRED)).toBe(401);
    expect(httpStatusFor(Code.FUNDPASS_REQUIRED)).toBe(403);
    expect(httpStatusFor(Code.FUNDPASS_NEEDED_LEGACY)).toBe(403);
    expect(httpStatusFor(Code.FUNDPASS_WRONG)).toBe(403);
    expect(httpStatusFor(Code.FUNDPASS_NOT_SET)).toBe(403);
    expect(httpStatusFor(Code.FINGERPRINT_REQUIRED)).toBe(403);
    expect(httpStatusFor(Code.VERIFY_FREQUENCY)).toBe(429);
    expect(httpStatusFor(Code.FAILURE)).toBe(422);
  });

  it('derives the status of our five-digit codes from their first three digits', () => {
    expect(httpStatusFor(Code.INVALID_PARAMS)).toBe(400);
    expect(httpStatusFor(Code.INVALID_CREDENTIALS)).toBe(401);
    expect(httpStatusFor(Code.CSRF_INVALID)).toBe(403);
    expect(httpStatusFor(Code.NOT_FOUND)).toBe(404);
    expect(httpStatusFor(Code.IDEMPOTENCY_CONFLICT)).toBe(409);
    expect(httpStatusFor(Code.BUSINESS_RULE)).toBe(422);
    expect(httpStatusFor(Code.INSUFFICIENT_BALANCE)).toBe(422);
    expect(httpStatusFor(Code.RATE_LIMITED)).toBe(429);
    expect(httpStatusFor(Code.INTERNAL)).toBe(500);
    expect(httpStatusFor(123)).toBe(500);
  });

  it('never reuses a code for two cases', () => {
    const values = Object.values(Code);
    expect(new Set(values).size).toBe(values.length);
  });
});
