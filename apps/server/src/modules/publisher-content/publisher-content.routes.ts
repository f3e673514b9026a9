import {
  cancelContentRequest,
  contentPreview,
  contentRequestDetail,
  contentRequestList,
  contentReviewQueue,
  decideContentItem,
  decideContentRequest,
  policyReasons,
  savePolicyReason,
  submitContentRequest,
} from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { PublisherContentService } from './publisher-content.service';

export const publisherContentRoutes = (app: FastifyInstance, content: PublisherContentService) => {
  route(app, contentRequestList, ({ principal, input }) => content.list(principal, input));
  route(app, contentRequestDetail, ({ principal, input }) => content.detail(principal, input.id));
  route(app, contentPreview, ({ principal, input }) => content.preview(principal, input.seriesId));
  route(app, submitContentRequest, ({ principal, input }) => content.submit(principal, input));
  route(app, cancelContentRequest, ({ principal, input }) => content.cancel(principal, input));
  route(app, decideContentRequest, ({ principal, input }) => content.decideRequest(principal, input));
  route(app, contentReviewQueue, ({ principal, input }) => content.queue(principal, input));
  route(app, decideContentItem, ({ principal, input }) => content.decideItem(principal, input));
  route(app, policyReasons, ({ input }) => content.policyReasons(input.all ?? false));
  route(app, savePolicyReason, ({ principal, input }) => content.savePolicyReason(principal, input));
};
