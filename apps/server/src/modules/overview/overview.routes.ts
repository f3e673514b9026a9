import { advertiserOverview, platformAdvertiserOverview, platformPublisherOverview, publisherOverview } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { OverviewService } from './overview.service';

export const overviewRoutes = (app: FastifyInstance, overview: OverviewService) => {
  route(app, advertiserOverview, ({ principal, input }) => overview.advertiser(principal, input, false));
  route(app, publisherOverview, ({ principal, input }) => overview.publisher(principal, input, false));
  route(app, platformAdvertiserOverview, ({ principal, input }) => overview.advertiser(principal, input, true));
  route(app, platformPublisherOverview, ({ principal, input }) => overview.publisher(principal, input, true));
};
