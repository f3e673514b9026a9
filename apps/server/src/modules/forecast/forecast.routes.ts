import { campaignForecast } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { ForecastService } from './forecast.service';

export const forecastRoutes = (app: FastifyInstance, forecast: ForecastService) => {
  route(app, campaignForecast, ({ principal, input }) => forecast.forecast(principal, input));
};
