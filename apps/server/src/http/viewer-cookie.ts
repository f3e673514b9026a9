import { randomBytes } from 'node:crypto';
import { VIEWER_COOKIE } from '@ads/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

// The browser's id on the ad server's origin (VIEWER_COOKIE): set by the first impression it
// reports, read back by its impressions and its conversion pixels on any site, so a conversion can
// be credited to an ad the browser saw (view-through). Random, nothing else in it; a year long.

const FORMAT = /^[A-Za-z0-9_-]{22}$/;
const PATTERN = new RegExp(`(?:^|;\\s*)${VIEWER_COOKIE}=([^;]*)`);
const MAX_AGE_SECONDS = 365 * 86_400;

/** The request's viewer id, when it carries a well-formed one. */
export const viewerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.cookie;
  const value = typeof header === 'string' ? PATTERN.exec(header)?.[1] : undefined;
  return value && FORMAT.test(value) ? value : undefined;
};

/**
 * The request's viewer id, or a new one set on the answer. Across sites a cookie needs
 * `SameSite=None; Secure`, which browsers take over HTTPS only; over plain HTTP it is `Lax`
 * (same-site pages only).
 */
export const ensureViewer = (request: FastifyRequest, reply: FastifyReply): string => {
  const known = viewerOf(request);
  if (known) return known;
  const viewer = randomBytes(16).toString('base64url');
  const site = request.protocol === 'https' ? 'SameSite=None; Secure' : 'SameSite=Lax';
  reply.header('set-cookie', `${VIEWER_COOKIE}=${viewer}; Max-Age=${MAX_AGE_SECONDS}; Path=/serve; HttpOnly; ${site}`);
  return viewer;
};
