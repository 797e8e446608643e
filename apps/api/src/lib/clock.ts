/** Time is injected so tests can move it (OTP, lockout and token expiry). */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const addMs = (d: Date, ms: number) => new Date(d.getTime() + ms);

/** A clock tests can set and advance. */
export function manualClock(start = new Date('2026-01-01T00:00:00Z')) {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & {
    advance(ms: number): void;
    set(d: Date): void;
  };
  clock.advance = (ms) => {
    now += ms;
  };
  clock.set = (d) => {
    now = d.getTime();
  };
  return clock;
}
