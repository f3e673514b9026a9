import type { AccountListQuery } from '@ads/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useContractMutation } from '../../shared/data/use-contract-mutation';
import { useContractQuery } from '../../shared/data/use-contract-query';
import { useHasPower } from '../../shared/use-has-power';
import { accountKeys } from './query-keys';

// Account management's data (staff).

export const useCanWriteAccounts = (): boolean => useHasPower('account.write');

export const useAccountList = (query: AccountListQuery) =>
  useContractQuery('accounts.accountList', query, { queryKey: accountKeys.list(query), placeholderData: keepPreviousData });

export const useAccountDetail = (id: number | undefined) =>
  useContractQuery('accounts.accountDetail', { id: id ?? 0 }, { queryKey: accountKeys.detail(id ?? 0), enabled: id !== undefined, retry: false });

// Each change shows in the list (status, user counts) and the drawer (details, users).
const changes = [accountKeys.all];
// Staff wait on these answers (a one-time password among them): offline they fail and say so.
const waited = { invalidates: changes, networkMode: 'always' } as const;

export const useCreateAccount = () => useContractMutation('accounts.createAccount', waited);
export const useUpdateAccount = () => useContractMutation('accounts.updateAccount', waited);
export const useSetAccountStatus = () => useContractMutation('accounts.setAccountStatus', waited);
export const useAddUser = () => useContractMutation('accounts.addUser', waited);
export const useSetUserStatus = () => useContractMutation('accounts.setUserStatus', waited);
export const useResetPassword = () => useContractMutation('accounts.resetPassword', waited);
