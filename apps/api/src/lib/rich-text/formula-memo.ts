/**
 * A function of a formula (its TeX and whether it is displayed) remembered
 * per distinct formula: a bank repeats its formulas (x squared in thousands
 * of questions), and KaTeX's full render costs far more than a look-up.
 * At most `max` answers, forgotten all at once when full, so a file of
 * distinct formulas cannot grow it without end.
 */
export function perFormula<T>(
  max: number,
  answer: (tex: string, display: boolean) => T,
): (tex: string, display: boolean) => T {
  const known = new Map<string, T>();
  return (tex, display) => {
    const key = (display ? 'D' : 'I') + tex;
    if (known.has(key)) return known.get(key) as T;
    const value = answer(tex, display);
    if (known.size >= max) known.clear();
    known.set(key, value);
    return value;
  };
}
