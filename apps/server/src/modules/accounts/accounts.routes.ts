import { accountDetail, accountList, addUser, createAccount, forgotPassword, resetPassword, setAccountStatus, setUserStatus, updateAccount } from '@ads/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import type { AccountsService } from './accounts.service';

export const accountsRoutes = (app: FastifyInstance, accounts: AccountsService) => {
  route(app, accountList, ({ principal, input }) => accounts.list(principal, input));
  route(app, accountDetail, ({ principal, input }) => accounts.detail(principal, input.id));
  route(app, createAccount, ({ principal, input }) => accounts.create(principal, input));
  route(app, updateAccount, ({ principal, input }) => accounts.update(principal, input));
  route(app, setAccountStatus, ({ principal, input }) => accounts.setStatus(principal, input));
  route(app, addUser, ({ principal, input }) => accounts.addUser(principal, input));
  route(app, setUserStatus, ({ principal, input }) => accounts.setUserStatus(principal, input));
  route(app, resetPassword, ({ principal, input }) => accounts.resetPassword(principal, input));
  route(app, forgotPassword, ({ input, request }) => accounts.forgotPassword(input, { ip: request.ip }));
};
