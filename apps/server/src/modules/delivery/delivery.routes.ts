import { AD_REQUEST_PATH, adRequestQuerySchema, campaignDelivery, CLICK_PATH, IMPRESSION_PATH, TAG_SCRIPT_PATH, trackingQuerySchema } from '@ads/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import { route } from '../../http/endpoint';
import { parsed } from '../../http/parsed';
import { ensureViewer } from '../../http/viewer-cookie';
import type { DeliveryService } from './delivery.service';

// The public delivery routes, outside /api: publishers' pages load the tag's script, which asks for
// an ad, shows it, and reports its impression; a click goes through the click link to the ad's
// landing page. Every answer is decided in memory (delivery.service.ts).

/**
 * Finds each `<ins class="ads-console-slot">` once, asks this server for its ad, shows it (an image
 * or a muted video, inside the click link) and sends the impression once it is shown. The visitor
 * id it keeps in localStorage lets frequency caps count per visitor.
 */
const TAG_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : '';
  var visitor = '';
  try {
    visitor = localStorage.getItem('ads-console-visitor') || '';
    if (!/^[A-Za-z0-9_-]{8,64}$/.test(visitor)) {
      visitor = Math.random().toString(36).slice(2) + Date.now().toString(36);
      localStorage.setItem('ads-console-visitor', visitor);
    }
  } catch (e) { visitor = ''; }
  function show(el, ad) {
    var link = document.createElement('a');
    link.href = origin + ad.clickUrl;
    link.target = '_blank';
    link.rel = 'noopener sponsored';
    var media = document.createElement(ad.kind === 'video' ? 'video' : 'img');
    media.src = origin + ad.src;
    media.width = ad.width;
    media.height = ad.height;
    media.style.cssText = 'display:block;width:100%;height:100%;object-fit:contain';
    if (ad.kind === 'video') {
      media.muted = true; media.autoplay = true; media.loop = true; media.playsInline = true;
      if (ad.poster) media.poster = origin + ad.poster;
    } else {
      media.alt = ad.headline || '';
    }
    link.appendChild(media);
    el.appendChild(link);
    media.addEventListener(ad.kind === 'video' ? 'loadeddata' : 'load', function () {
      // With the ad server's cookie (no-cors: nothing is read back): it names the browser for view-through conversions.
      fetch(origin + ad.impressionUrl, { credentials: 'include', mode: 'no-cors', keepalive: true }).catch(function () {});
    }, { once: true });
  }
  function fill() {
    var slots = document.querySelectorAll('ins.ads-console-slot:not([data-requested])');
    for (var i = 0; i < slots.length; i++) {
      var el = slots[i];
      el.setAttribute('data-requested', '1');
      var q = ['slot', 'width', 'height', 'format'].map(function (name, n) {
        return ['slot', 'w', 'h', 'f'][n] + '=' + encodeURIComponent(el.getAttribute('data-' + name) || '');
      }).join('&') + (visitor ? '&v=' + visitor : '');
      (function (el) {
        fetch(origin + '${AD_REQUEST_PATH}?' + q, { credentials: 'omit', mode: 'cors' })
          .then(function (res) { return res.ok ? res.json() : null; })
          .then(function (answer) {
            el.setAttribute('data-filled', answer && answer.ad ? '1' : '0');
            if (answer && answer.ad) show(el, answer.ad);
          })
          .catch(function () { el.setAttribute('data-filled', '0'); });
      })(el);
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', fill);
  else fill();
})();
`;

/** The page's host (a web page's fetch sends Origin; else Referer), or the app's bundle id. */
const callerHost = (request: FastifyRequest, app: string | undefined): string | null => {
  if (app) return app;
  for (const header of [request.headers.origin, request.headers.referer]) {
    if (typeof header !== 'string' || header === 'null') continue;
    try {
      return new URL(header).hostname.toLowerCase();
    } catch {
      // not a URL: try the next header
    }
  }
  return null;
};

/** Any page may load the tag and read its answer (no credentials travel). */
const crossOrigin = (reply: FastifyReply) =>
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin').header('vary', 'Origin');

/** Any page calls these: no session, no power. */
const PUBLIC = { public: true } as const;

/**
 * The security headers of these answers, one fixed list (helmet: false on each route). They are
 * data for the tag's script, a pixel, a redirect and the script itself, never a document, so they
 * carry an API's set (as OWASP's REST cheat sheet gives it): no sniffing, nothing may load or frame
 * under them, no referrer. The console's page set (plugins/security.ts: its policies apply to
 * documents) took more bytes than an ad's answer itself, and @fastify/helmet built it anew per request.
 */
const SECURITY_HEADERS = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
] as const;
const secured = (reply: FastifyReply) => {
  for (const [name, value] of SECURITY_HEADERS) reply.raw.setHeader(name, value);
};

/**
 * At the default level (info), these routes log warnings and errors only: two lines per ad request,
 * impression and click would be the bulk of the log and a good part of each answer's cost. Debug
 * and trace keep them; a quieter level stays as it is.
 */
const quietAt = (app: FastifyInstance) => (app.log.level === 'info' ? { logLevel: 'warn' as const } : {});

/** The visitor's region: the caller's `r=`, else the country a CDN or load balancer put in a header, else unknown (''). */
const regionOf = (request: FastifyRequest, given: string | undefined) => {
  if (given) return given;
  for (const name of ['cf-ipcountry', 'x-country-code', 'cloudfront-viewer-country']) {
    const v = request.headers[name];
    if (typeof v === 'string' && /^[A-Za-z]{2}$/.test(v)) return v.toUpperCase();
  }
  return '';
};


const clientOf = (request: FastifyRequest) => ({ userAgent: request.headers['user-agent'], address: request.ip });

/** A transparent 1×1 GIF: the impression link also works as an <img> pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export const deliveryRoutes = (app: FastifyInstance, delivery: Pick<DeliveryService, 'adRequest' | 'impression' | 'click'>) => {
  // helmet: false — `secured` sets their headers (above). A fresh object per route:
  // plugins' onRoute hooks write into a route's config. The answers of an ad request, an impression
  // and a click are under @fastify/compress's 1 KB threshold and their requests have no body: its two
  // hooks per request would change nothing but their cost.
  const options = () => ({ config: { access: PUBLIC }, helmet: false as const, ...quietAt(app) });
  const small = () => ({ ...options(), compress: false as const, decompress: false as const });

  app.get(TAG_SCRIPT_PATH, options(), async (_request, reply) => {
    secured(reply);
    crossOrigin(reply).header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300');
    return TAG_SCRIPT;
  });

  app.get(AD_REQUEST_PATH, small(), async (request, reply) => {
    secured(reply);
    crossOrigin(reply).header('cache-control', 'no-store');
    const q = parsed(adRequestQuerySchema, request.query, 'ad request');
    const answer = await delivery.adRequest({
      slot: q.slot,
      w: q.w,
      h: q.h,
      f: q.f,
      host: callerHost(request, q.app),
      region: regionOf(request, q.r),
      device: q.d,
      visitor: q.v,
      userAgent: request.headers['user-agent'],
    });
    if (!answer) throw notFound('The ad slot');
    return answer;
  });

  app.get(IMPRESSION_PATH, small(), async (request, reply) => {
    secured(reply);
    crossOrigin(reply).header('cache-control', 'no-store');
    const { t } = parsed(trackingQuerySchema, request.query, 'link');
    const client = { ...clientOf(request), viewer: ensureViewer(request, reply) };
    if ((await delivery.impression(t, client)) === 'invalid') throw notFound('The impression link');
    return reply.header('content-type', 'image/gif').send(PIXEL);
  });

  app.get(CLICK_PATH, small(), async (request, reply) => {
    secured(reply);
    reply.header('cache-control', 'no-store');
    const { t } = parsed(trackingQuerySchema, request.query, 'link');
    const landing = await delivery.click(t, clientOf(request));
    if (!landing) throw notFound('The ad');
    return reply.redirect(landing, 302);
  });
};

/** The console's side of delivery, under /api: why a campaign is or is not delivering. */
export const deliveryApiRoutes = (api: FastifyInstance, delivery: Pick<DeliveryService, 'funnel'>) => {
  route(api, campaignDelivery, ({ principal, input }) => delivery.funnel(principal, input.id));
};
