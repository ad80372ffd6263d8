import { errors } from '../../../kernel/errors';

/** A refusal of the domain's rules (packages/domain/src/wealth/) as the answer's error. */
export const violation = (v: { key: string; params: Record<string, string> }, message: string) =>
  errors.rule(v.key, message, v.params);
