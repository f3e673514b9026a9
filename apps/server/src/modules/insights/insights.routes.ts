import { advertiserReport, publisherReport } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { InsightsService } from './insights.service';

export const insightsRoutes = (app: FastifyInstance, insights: InsightsService) => {
  route(app, advertiserReport, ({ principal, input }) => insights.report(principal, 'advertiser', input));
  route(app, publisherReport, ({ principal, input }) => insights.report(principal, 'publisher', input));
};
