import { adSlotDetail, adSlotList, deleteAdSlot, reviewAdSlot, saveAdSlot, submitAdSlot } from '@ads/contracts';
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
};
