import { AD_REQUEST_PATH, adRequestQuerySchema, ERROR_CODES, TAG_SCRIPT_PATH } from '@ads/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../errors';
import type { AdSlotsService } from '../ad-slots/ad-slots.service';

// The public delivery routes, outside /api: publishers' pages load the tag's script and it asks for
// an ad. Until delivery decides ads (the delivery issue extends AD_REQUEST_PATH), every request is
// kept on its slot (what validation checks) and answered "no ad".

/** Finds each `<ins class="ads-console-slot">` once and asks this server for its ad. */
const TAG_SCRIPT = `(function () {
  var script = document.currentScript;
  var origin = script ? new URL(script.src).origin : '';
  function fill() {
    var slots = document.querySelectorAll('ins.ads-console-slot:not([data-requested])');
    for (var i = 0; i < slots.length; i++) {
      var el = slots[i];
      el.setAttribute('data-requested', '1');
      var q = ['slot', 'width', 'height', 'format'].map(function (name, n) {
        return ['slot', 'w', 'h', 'f'][n] + '=' + encodeURIComponent(el.getAttribute('data-' + name) || '');
      }).join('&');
      (function (el) {
        fetch(origin + '${AD_REQUEST_PATH}?' + q, { credentials: 'omit', mode: 'cors' })
          .then(function (res) { return res.ok ? res.json() : null; })
          .then(function (answer) { el.setAttribute('data-filled', answer && answer.ad ? '1' : '0'); })
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

export const deliveryRoutes = (app: FastifyInstance, slots: Pick<AdSlotsService, 'recordTagCall'>) => {
  app.get(TAG_SCRIPT_PATH, { config: { access: PUBLIC } }, async (_request, reply) => {
    crossOrigin(reply).header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300');
    return TAG_SCRIPT;
  });

  app.get(AD_REQUEST_PATH, { config: { access: PUBLIC } }, async (request, reply) => {
    crossOrigin(reply).header('cache-control', 'no-store');
    const parsed = adRequestQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      throw new AppError(400, ERROR_CODES.validationFailed, 'This ad request is not valid.', { fields });
    }
    const q = parsed.data;
    const known = await slots.recordTagCall(q.slot, { host: callerHost(request, q.app), width: q.w, height: q.h, format: q.f });
    if (!known) throw notFound('The ad slot');
    return { ad: null };
  });
};
