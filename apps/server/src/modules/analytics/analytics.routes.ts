import { advertiserOverview, platformAdvertiserOverview, platformPublisherOverview, publisherOverview } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { AnalyticsService } from './analytics.service';

export const analyticsRoutes = (app: FastifyInstance, analytics: AnalyticsService) => {
  route(app, advertiserOverview, ({ principal, input }) => analytics.advertiser(principal, input, false));
  route(app, publisherOverview, ({ principal, input }) => analytics.publisher(principal, input, false));
  route(app, platformAdvertiserOverview, ({ principal, input }) => analytics.advertiser(principal, input, true));
  route(app, platformPublisherOverview, ({ principal, input }) => analytics.publisher(principal, input, true));
};
