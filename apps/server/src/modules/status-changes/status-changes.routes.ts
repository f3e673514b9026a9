import { approveStatusChange, cancelStatusChange, createStatusChange, rejectStatusChange, requestReactivation, statusChangeDetail, statusChangeList } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { StatusChangesService } from './status-changes.service';

export const statusChangesRoutes = (app: FastifyInstance, statusChanges: StatusChangesService) => {
  route(app, statusChangeList, ({ principal, input }) => statusChanges.list(principal, input));
  route(app, statusChangeDetail, ({ principal, input }) => statusChanges.detail(principal, input.id));
  route(app, createStatusChange, ({ principal, input }) => statusChanges.create(principal, input));
  route(app, cancelStatusChange, ({ principal, input }) => statusChanges.cancel(principal, input));
  route(app, approveStatusChange, ({ principal, input }) => statusChanges.approve(principal, input));
  route(app, rejectStatusChange, ({ principal, input }) => statusChanges.reject(principal, input));
  route(app, requestReactivation, ({ input, request }) => statusChanges.requestReactivation(input, { ip: request.ip }));
};
