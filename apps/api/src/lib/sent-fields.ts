/**
 * The fields an edit sends, for its UPDATE's SET: a key the body leaves out
 * keeps its column as it is, where null (sent) clears it. Only `keys` are
 * taken, so a body's other fields (its id, its tags) never reach the SET.
 */
export function sentFields<T extends object, K extends keyof T>(
  input: T,
  keys: readonly K[],
): Partial<Pick<T, K>> {
  const sent: Partial<Pick<T, K>> = {};
  for (const key of keys) if (input[key] !== undefined) sent[key] = input[key];
  return sent;
}
