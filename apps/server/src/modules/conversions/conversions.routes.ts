import {
  CLICK_ID_PARAM,
  CONVERSION_PIXEL_PATH,
  CONVERSION_POSTBACK_PATH,
  CONVERSION_SCRIPT_PATH,
  ERROR_CODES,
  conversionList,
  conversionPixelQuerySchema,
  conversionPostbackSchema,
  conversionTag,
  rotateConversionSecret,
  updateConversionTag,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { route } from '../../http/endpoint';
import { parsed } from '../../http/parsed';
import { viewerOf } from '../../http/viewer-cookie';
import type { ConversionsService } from './conversions.service';

/** The console's side: the advertiser's tag and the conversions it reported. */
export const conversionsApiRoutes = (api: FastifyInstance, conversions: ConversionsService) => {
  route(api, conversionTag, ({ principal }) => conversions.tag(principal));
  route(api, updateConversionTag, ({ principal, input }) => conversions.updateTag(principal, input));
  route(api, rotateConversionSecret, ({ principal, input }) => conversions.rotateSecret(principal, input));
  route(api, conversionList, ({ principal, input }) => conversions.list(principal, input));
};

// The advertiser's site loads it (`<script src=".../serve/conversion.js?tag=…">`): on a landing
// page it keeps the click id from the address (first-party, for the longest click window), and
// `adsConversion({order, value})` on a conversion page fires the pixel with it. ES5, no globals but one.
const CONVERSION_SCRIPT = `(function () {
  var script = document.currentScript;
  if (!script) return;
  var src = new URL(script.src);
  var tag = src.searchParams.get('tag') || '';
  var KEY = 'ads-console-clid';
  var KEEP_MS = ${90 * 86_400_000};
  try {
    var clid = new URLSearchParams(location.search).get('${CLICK_ID_PARAM}');
    if (clid) localStorage.setItem(KEY, JSON.stringify({ id: clid, at: Date.now() }));
  } catch (e) {}
  window.adsConversion = function (conversion) {
    var kept = null;
    try { kept = JSON.parse(localStorage.getItem(KEY) || 'null'); } catch (e) {}
    if (!conversion || !conversion.order) return false;
    var q = 'tag=' + encodeURIComponent(tag) + '&order=' + encodeURIComponent(conversion.order);
    // Without a recent click id the ad server may still credit an ad this browser saw (view-through, its cookie).
    if (kept && Date.now() - kept.at <= KEEP_MS) q += '&clid=' + encodeURIComponent(kept.id);
    if (conversion.value != null) q += '&value=' + Math.round(conversion.value);
    new Image(1, 1).src = src.origin + '${CONVERSION_PIXEL_PATH}?' + q;
    return true;
  };
})();
`;

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');


/** The public side (outside /api, no session): the script, the pixel and the postback. */
export const conversionsRoutes = (app: FastifyInstance, conversions: ConversionsService) => {
  const options = () => ({ config: { access: { public: true } as const } });

  app.get(CONVERSION_SCRIPT_PATH, options(), async (_request, reply) => {
    reply.header('content-type', 'text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300');
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
    return CONVERSION_SCRIPT;
  });

  app.get(CONVERSION_PIXEL_PATH, options(), async (request, reply) => {
    const q = parsed(conversionPixelQuerySchema, request.query, 'conversion');
    await conversions.pixel({ tag: q.tag, clid: q.clid, order: q.order, value: q.value ?? 0, userAgent: request.headers['user-agent'], viewer: viewerOf(request) });
    reply.header('cache-control', 'no-store').header('cross-origin-resource-policy', 'cross-origin');
    return reply.header('content-type', 'image/gif').send(PIXEL);
  });

  // A server's call: a small JSON body, nothing else.
  app.post(CONVERSION_POSTBACK_PATH, { ...options(), bodyLimit: 2048 }, async (request, reply) => {
    if (!request.headers['content-type']?.startsWith('application/json')) {
      throw new AppError(400, ERROR_CODES.validationFailed, 'Send the postback as application/json.');
    }
    const answer = await conversions.postback(parsed(conversionPostbackSchema, request.body, 'postback'));
    reply.header('cache-control', 'no-store');
    return answer;
  });
};
