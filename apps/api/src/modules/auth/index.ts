// The auth module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.
export { revokeAllSessions } from './sessions.service.ts';
export { createActionToken, expireTokens, TTL } from './tokens.service.ts';
