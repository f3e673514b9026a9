import { adSlotDetail, adSlotList, deleteAdSlot, pauseAdSlot, resumeAdSlot, reviewAdSlot, saveAdSlot, submitAdSlot, validateAdSlot } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { AdSlotsService } from './ad-slots.service';

export const adSlotsRoutes = (app: FastifyInstance, slots: AdSlotsService) => {
  route(app, adSlotList, ({ principal, input }) => slots.list(principal, input));
  route(app, adSlotDetail, ({ principal, input }) => slots.detail(principal, input.id));
  route(app, saveAdSlot, ({ principal, input }) => slots.save(principal, input));
  route(app, submitAdSlot, ({ principal, input }) => slots.submit(principal, input));
  route(app, reviewAdSlot, ({ principal, input }) => slots.review(principal, input));
  route(app, deleteAdSlot, ({ principal, input }) => slots.remove(principal, input));
  route(app, validateAdSlot, ({ principal, input }) => slots.validate(principal, input));
  route(app, pauseAdSlot, ({ principal, input }) => slots.pause(principal, input));
  route(app, resumeAdSlot, ({ principal, input }) => slots.resume(principal, input));
};
