import type { z } from 'zod';

/** What a field says when it was left empty, on every form. */
export const REQUIRED = 'Required';

/** Said when nothing more precise is known about a refused value. */
export const CHECK_VALUE = 'Check this value';

type Issue = z.core.$ZodRawIssue;

/** Empty as a person sees it: nothing typed, nothing picked. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const plural = (n: number | bigint, one: string, many: string) =>
  `${n} ${Number(n) === 1 ? one : many}`;

/**
 * The one mapping from a schema's check to words on a screen. The contract's
 * own messages ("Enter the 6-digit code") win over it: zod uses a schema's
 * message first and asks this map only where the schema gave none, so no
 * default like "Too small: expected string to have >=1 characters" shows.
 */
export function messageForIssue(issue: Issue): string {
  if (isEmptyValue(issue.input) && issue.code !== 'custom') return REQUIRED;
  switch (issue.code) {
    case 'too_small': {
      const min = issue.minimum as number | bigint;
      if (issue.origin === 'string') {
        return Number(min) <= 1 ? REQUIRED : `At least ${plural(min, 'character', 'characters')}`;
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return Number(min) <= 1 ? 'Choose at least one' : `Choose at least ${min}`;
      }
      return issue.inclusive === false ? `Must be more than ${min}` : `Must be ${min} or more`;
    }
    case 'too_big': {
      const max = issue.maximum as number | bigint;
      if (issue.origin === 'string') return `At most ${plural(max, 'character', 'characters')}`;
      if (issue.origin === 'array' || issue.origin === 'set') return `Choose at most ${max}`;
      return issue.inclusive === false ? `Must be less than ${max}` : `Must be ${max} or less`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid e-mail address';
      if (issue.format === 'url') return 'Enter a full web address, starting with https://';
      return 'This is not in the expected format';
    case 'invalid_type':
      if (issue.expected === 'number' || issue.expected === 'int') return 'Enter a number';
      return CHECK_VALUE;
    case 'invalid_value':
      return 'Choose one of the offered values';
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}`;
    default:
      return CHECK_VALUE;
  }
}

/** Zod's own English defaults start like this; the contract's messages never do. */
const SCHEMA_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized key|Expected )/i;

/**
 * A message from the server for one field: kept when it was written for
 * people (the contract's and the services' messages), replaced when it is a
 * schema default that would read as developer text.
 */
export function humanFieldMessage(message: string): string {
  return SCHEMA_DEFAULT.test(message.trim()) ? CHECK_VALUE : message;
}
