// Decision: an SN is 6–32 characters of A–Z, a–z, 0–9, '-' and '_'; whether it exists and is unbound is the
// server's lookup, not a format rule.
import { isBlank, RuleMessage, type RuleResult } from './messages.js';
import { matchesPattern } from './patterns.js';

/** Logger serial number: blank gives "cannot be blank", a malformed one "Wrong Logger SN". */
export function validateLoggerSn(value: string | null | undefined): RuleResult {
  if (isBlank(value)) return RuleMessage.cannotBeBlank;
  return matchesPattern(value, 'loggerSn') ? null : RuleMessage.loggerSnInvalid;
}
