// The auth endpoint contracts carry zod schemas, and zod would be a fifth of the login page's
// JavaScript. Callers import this module dynamically, at the moment they call.
export { login, logout, userInfo } from '@ads/contracts';
